import { PRODUCT_NAME } from '@kvarta/contract/routes';
import type { Apartment, Complex, House } from '../core/model';
import type { Service } from '@kvarta/contract/services';
import type { Seller } from '@kvarta/contract/catalog';
import { sellerTitle } from '@kvarta/contract/seller';

/** One JSON-LD block (a schema.org node with its @context). */
export type JsonLd = Record<string, unknown>;

/** Makes a site path absolute (or leaves it relative when the origin is unknown: processors resolve it against the page). */
export type Absolute = (path: string) => string;

const CONTEXT = 'https://schema.org';
const ORGANIZATION_ID = '/#organization';

/** The company as the provider of services and the publisher of the site. */
const organizationRef = (abs: Absolute) => ({ '@type': 'Organization', '@id': abs(ORGANIZATION_ID), name: PRODUCT_NAME, url: abs('/') });

/** TOP: who we are and what the site is (Google and Yandex read the site name from WebSite). */
export function siteJsonLd(abs: Absolute, description: string): JsonLd[] {
  return [
    { '@context': CONTEXT, ...organizationRef(abs), description },
    {
      '@context': CONTEXT,
      '@type': 'WebSite',
      name: PRODUCT_NAME,
      url: abs('/'),
      inLanguage: 'ru-RU',
      publisher: { '@id': abs(ORGANIZATION_ID) },
    },
  ];
}

const AVAILABILITY: Record<Apartment['status'], string> = {
  ACTIVE: 'https://schema.org/InStock',
  RESERVED: 'https://schema.org/Reserved',
  SOLD: 'https://schema.org/SoldOut',
};

export interface ApartmentListing {
  apartment: Apartment;
  house: House | undefined;
  complex: Complex | undefined;
  cityName: string;
  path: string;
  name: string;
  description: string;
  images: string[];
  /** Who sells the flat (the agency, the developer, the owner); null when its source names no one. */
  seller: Seller | null;
}

/** The seller as schema.org names it: an organisation (agency, developer) or a person (the owner, an agent). */
function sellerJsonLd(seller: Seller): JsonLd {
  const organisation = seller.organization !== null || seller.category === 'AGENCY' || seller.category === 'DEVELOPER';
  return { '@type': organisation ? 'Organization' : 'Person', name: sellerTitle(seller), ...(seller.url ? { url: seller.url } : {}) };
}

/**
 * An apartment page as schema.org's RealEstateListing (a WebPage type made for listings) whose Offer
 * sells an Apartment: price in RUB, floor size in m² (UN/CEFACT MTK), rooms, floor, address and coordinates. The
 * seller is the listing's (an agency, a developer, the owner), never «Кварта», which publishes the page; the flat is an
 * Apartment and a Product, so that it is a valid `itemOffered` of an Offer. Neither search engine has a rich result
 * for listings; this is what both read as the page's subject.
 */
export function apartmentJsonLd(abs: Absolute, listing: ApartmentListing): JsonLd {
  const { apartment: a, house, complex } = listing;
  const url = abs(listing.path);
  const images = listing.images.map(abs);
  return {
    '@context': CONTEXT,
    '@type': 'RealEstateListing',
    url,
    name: listing.name,
    description: listing.description,
    datePosted: new Date(a.publishedAt).toISOString(),
    image: images,
    publisher: { '@id': abs(ORGANIZATION_ID) },
    offers: {
      '@type': 'Offer',
      url,
      price: a.priceTotal,
      priceCurrency: 'RUB',
      availability: AVAILABILITY[a.status],
      ...(listing.seller ? { seller: sellerJsonLd(listing.seller) } : {}),
      itemOffered: {
        '@type': ['Apartment', 'Product'],
        name: listing.name,
        // A studio is one room: schema.org counts rooms, not "rooms besides the kitchen-living area".
        numberOfRooms: Math.max(1, a.roomsCnt),
        floorSize: { '@type': 'QuantitativeValue', value: a.areaTotal, unitCode: 'MTK' },
        floorLevel: String(a.floor),
        image: images,
        ...(complex ? { containedInPlace: { '@type': 'ApartmentComplex', name: complex.name } } : {}),
        address: {
          '@type': 'PostalAddress',
          addressCountry: 'RU',
          addressLocality: listing.cityName,
          ...(house ? { streetAddress: house.address } : {}),
        },
        ...(house ? { geo: { '@type': 'GeoCoordinates', latitude: house.lat, longitude: house.lng } } : {}),
      },
    },
  };
}

/** '35 000 ₽' → 35000, 'Бесплатно' → 0; a share of the price ('от 2 % стоимости') has no single figure. */
export function servicePrice(price: string): number | null {
  if (/^бесплатно$/i.test(price.trim())) return 0;
  const match = /^(\d[\d\s\u00a0\u202f]*)\s*₽$/.exec(price.trim());
  return match ? Number(match[1]!.replace(/\D/g, '')) : null;
}

/** A service page: the Service, provided by «Кварта» in the cities it works in, with its price where it is a figure. */
export function serviceJsonLd(abs: Absolute, service: Service, path: string, cities: string[]): JsonLd {
  const price = servicePrice(service.price);
  return {
    '@context': CONTEXT,
    '@type': 'Service',
    name: service.content.title,
    serviceType: service.title,
    description: `${service.shortDescription}. ${service.content.lead}`,
    url: abs(path),
    provider: organizationRef(abs),
    areaServed: cities.map((name) => ({ '@type': 'City', name })),
    offers: {
      '@type': 'Offer',
      url: abs(path),
      ...(price !== null ? { price, priceCurrency: 'RUB' } : {}),
      description: service.price,
    },
  };
}

/** The services index: the list of service pages. */
export function servicesListJsonLd(abs: Absolute, services: readonly Service[], pathOf: (s: Service) => string): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'ItemList',
    itemListElement: services.map((s, i) => ({ '@type': 'ListItem', position: i + 1, name: s.content.title, url: abs(pathOf(s)) })),
  };
}
