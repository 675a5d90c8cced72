import { renderWithApp } from '../support/render';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fork } from 'effector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ModalHost } from '@/app/ui/modal-host';
import { apartKeys } from '@/entities/apartment';
import { Adverts } from '@/pages/apart/ui/adverts';
import { endpoints, type Advert } from '@/shared/api';
import { HttpResponse, http } from 'msw';
import { apiRoute, never, useNetwork } from '../support/network';

const network = useNetwork();
import { $modal } from '@/shared/model';
import { AdvertModal } from '@/widgets/advert-modal/ui/advert-modal';

const APARTMENT = 7;
const OWN: Advert = {
  id: APARTMENT,
  source: 'Кварта',
  title: 'Объявление «Кварты»',
  url: `/spb/apart/${APARTMENT}`,
  priceTotal: 12_010_000,
  publishedAt: '2026-05-02T23:07:24.000Z',
  text: 'Продаётся 1-комнатная квартира 41,5 м², 5 этаж из 9 в ЖК «Дом на ул. Победы».',
};
const AGENCY: Advert = {
  id: APARTMENT,
  source: 'Агентство «Ключ»',
  title: 'Светлая квартира, окна во двор.',
  url: 'https://agency.example.ru/offer/78-0?utm=kvarta',
  priceTotal: 12_010_000,
  publishedAt: '2026-11-20T09:00:00.000Z',
  text: 'Светлая квартира, окна во двор.\n\nРядом школа & парк.',
};
const DEVELOPER: Advert = { ...OWN, source: 'СтройДом', title: 'Застройщик СтройДом', url: null, text: 'Текст застройщика.' };

/** The modal open on one advert of APARTMENT, with the adverts list cached as the APART section leaves it. */
function renderOpen(source: string, adverts: Advert[] | null = [OWN, AGENCY, DEVELOPER]) {
  return renderWithApp(<AdvertModal />, {
    scope: fork({ values: [[$modal, { id: 'advert', props: { apartmentId: APARTMENT, source } }]] }),
    queryData: adverts ? [[apartKeys.adverts(APARTMENT), adverts]] : [],
    queryDefaults: { staleTime: Infinity },
    route: `/spb/apart/${APARTMENT}`,
  });
}

describe('advert modal', () => {
  afterEach(() => vi.restoreAllMocks());

  it("another source's advert: a labelled dialog with its source, price, date and text; its site only through EXTERNAL_LINK", () => {
    renderOpen(AGENCY.source);
    const dialog = screen.getByRole('dialog', { name: 'Объявление — Агентство «Ключ»' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(within(dialog).getByTestId('advert-source').textContent).toBe('Агентство «Ключ»');
    expect(within(dialog).getByText('12 010 000 ₽')).toBeTruthy();
    expect(within(dialog).getByText('20 ноября 2026').getAttribute('datetime')).toBe(AGENCY.publishedAt);
    // The text keeps its paragraphs.
    expect([...within(dialog).getByTestId('advert-text').querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'Светлая квартира, окна во двор.',
      'Рядом школа & парк.',
    ]);
    const link = within(dialog).getByRole('link', { name: 'Перейти к объявлению' });
    expect(link.getAttribute('href')).toBe(`/external-link#${encodeURIComponent(AGENCY.url!)}`);
    expect(within(dialog).getByText(/на сайте agency\.example\.ru/)).toBeTruthy();
    // Nothing in it points off the site directly.
    for (const anchor of dialog.querySelectorAll('a')) expect(anchor.getAttribute('href')).toMatch(/^\//);
  });

  it('our own advert leads to the apartment page, and following it closes the modal', () => {
    const view = renderOpen('Кварта');
    const dialog = screen.getByRole('dialog', { name: 'Объявление — Кварта' });
    expect(within(dialog).getByTestId('advert-text').textContent).toBe(OWN.text);
    const link = within(dialog).getByRole('link', { name: 'Открыть страницу квартиры' });
    expect(link.getAttribute('href')).toBe(`/spb/apart/${APARTMENT}`);
    fireEvent.click(link);
    expect(view.scope.getState($modal)).toBeNull();
  });

  it("the developer's advert without a link says so and links nowhere", () => {
    renderOpen('СтройДом');
    expect(screen.getByTestId('advert-text').textContent).toBe('Текст застройщика.');
    expect(screen.getByText('У этого объявления нет ссылки на сайт источника.')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it("a source's link that is not http(s) is never followed", () => {
    renderOpen(AGENCY.source, [OWN, { ...AGENCY, url: 'javascript:alert(1)' }]);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('У этого объявления нет ссылки на сайт источника.')).toBeTruthy();
  });

  it('an answer from an older server without a text shows the title instead', () => {
    const { text: _omitted, ...withoutText } = AGENCY;
    renderOpen(AGENCY.source, [OWN, withoutText]);
    expect(screen.getByTestId('advert-text').textContent).toBe(AGENCY.title);
  });

  it('while the adverts load: a status in Russian; when they fail: the reason and «Повторить», which asks again', async () => {
    let fail = true;
    let asked = 0;
    network.use(
      http.get(apiRoute(endpoints.apartmentAdverts.path), () => {
        asked++;
        return fail
          ? HttpResponse.json({ result: 'error', message: 'Сервис недоступен', statusCode: 503, detail: null }, { status: 503 })
          : never();
      }),
    );
    renderOpen(AGENCY.source, null);
    expect(screen.getByRole('status').textContent).toContain('Загружаем объявление…');
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Не удалось загрузить объявление: Сервис недоступен');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('Загружаем объявление…')).toBeTruthy();
    expect(asked).toBe(2);
  });

  it('an advert no longer listed is said to be withdrawn', () => {
    renderOpen('Исчезнувшее агентство');
    expect(screen.getByRole('status').textContent).toBe('Это объявление больше не публикуется.');
  });
});

describe('APART adverts → advert modal', () => {
  afterEach(() => vi.restoreAllMocks());

  it('a row opens the modal on that advert; Tab stays inside; Escape closes it and focus goes back to the row', async () => {
    const view = renderWithApp(
      <>
        <Adverts apartmentId={APARTMENT} />
        <ModalHost />
      </>,
      {
        queryData: [[apartKeys.adverts(APARTMENT), [OWN, AGENCY]]],
        queryDefaults: { staleTime: Infinity },
        route: `/spb/apart/${APARTMENT}`,
      },
    );
    // No bare link off the site in the list either.
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    const row = screen.getByRole('button', { name: /^Агентство «Ключ»/ });
    expect(row.getAttribute('aria-haspopup')).toBe('dialog');
    row.focus();
    fireEvent.click(row);
    const dialog = await screen.findByRole('dialog', { name: 'Объявление — Агентство «Ключ»' });
    expect(view.scope.getState($modal)).toEqual({ id: 'advert', props: { apartmentId: APARTMENT, source: AGENCY.source } });
    // The dialog takes focus in its effect, which a loaded machine may run a tick after the dialog is in the DOM.
    await waitFor(() => expect(document.activeElement).toBe(dialog));

    // Focus goes round the dialog's controls: close button, then the link, then back to the close button.
    const close = within(dialog).getByRole('button', { name: 'Закрыть' });
    const link = within(dialog).getByRole('link', { name: 'Перейти к объявлению' });
    link.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(link);

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(view.scope.getState($modal)).toBeNull();
    expect(document.activeElement).toBe(row);
  });

  it('one flat sold by two agencies: a row for each with its own price, and each opens its own seller', async () => {
    const first: Advert = {
      ...AGENCY,
      number: 'NV-101',
      priceTotal: 12_500_000,
      seller: {
        name: 'Ольга Смирнова',
        organization: 'Невский дом',
        category: 'AGENCY',
        phone: '+78125550101',
        email: null,
        url: null,
        photo: null,
      },
    };
    // Two feeds of one agency may name it alike: the listing number tells their adverts apart.
    const second: Advert = {
      ...AGENCY,
      number: '7781',
      priceTotal: 12_300_000,
      url: 'https://piter.example.ru/object/7781',
      seller: { name: 'Дмитрий Орлов', organization: null, category: 'AGENCY', phone: '+78125550202', email: null, url: null, photo: null },
    };
    const view = renderWithApp(
      <>
        <Adverts apartmentId={APARTMENT} />
        <ModalHost />
      </>,
      {
        queryData: [[apartKeys.adverts(APARTMENT), [{ ...OWN, priceTotal: 12_300_000 }, first, second]]],
        queryDefaults: { staleTime: Infinity },
        route: `/spb/apart/${APARTMENT}`,
      },
    );
    const rows = screen.getAllByRole('button', { name: /^Агентство «Ключ»/ });
    expect(rows.map((row) => row.querySelector('.kv-apart-adverts__price')!.textContent.replace(/\s/g, ' '))).toEqual([
      '12 500 000 ₽',
      '12 300 000 ₽',
    ]);
    fireEvent.click(rows[1]!);
    const dialog = await screen.findByRole('dialog', { name: 'Объявление — Агентство «Ключ»' });
    expect(view.scope.getState($modal)).toEqual({ id: 'advert', props: { apartmentId: APARTMENT, source: AGENCY.source, number: '7781' } });
    expect(within(dialog).getByTestId('advert-number').textContent).toBe('7781');
    expect(within(dialog).getByText('12 300 000 ₽')).toBeTruthy();
    expect(within(dialog).getByText(/Дмитрий Орлов/)).toBeTruthy();
    expect(within(dialog).queryByText(/Ольга Смирнова/)).toBeNull();
  });
});
