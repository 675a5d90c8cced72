/**
 * A valid YRL feed with hostile runs, generated as it is read (never held whole, never written to disk): ordinary
 * offers, and among them offers or gaps whose one run (whitespace, a text node, an attribute value, a tag name, text
 * between offers) is as many bytes as asked. The tests and `npm run bench` feed the importer with it.
 */
export type HostileForm = 'whitespace' | 'text' | 'attribute' | 'tag-name' | 'between';
export const HOSTILE_FORMS: readonly HostileForm[] = ['whitespace', 'text', 'attribute', 'tag-name', 'between'];

const CHUNK = 64 * 1024;
const encoder = new TextEncoder();

/** A valid Moscow resale flat (internal id `h<i>`), split where a hostile run goes in. */
export function plainOffer(i: number, hostile = ''): string {
  return `<offer internal-id="h${i}"><type>продажа</type><property-type>жилая</property-type><category>квартира</category>
<location><country>Россия</country><region>Москва</region><locality-name>Москва</locality-name><address>ул. Тестовая, ${i + 1}</address><latitude>55.7${i % 10}</latitude><longitude>37.6${i % 10}</longitude></location>
<price><value>${12_000_000 + i * 10_000}</value><currency>RUB</currency></price>${hostile}<area><value>${40 + (i % 30)}</value><unit>кв. м</unit></area>
<rooms>${1 + (i % 3)}</rooms><floor>${1 + (i % 9)}</floor><floors-total>12</floors-total><built-year>1990</built-year>
<description>Квартира с ремонтом, рядом метро &amp; парк.</description></offer>\n`;
}

/** `bytes` bytes of the text repeated (UTF-8, never cutting a character). */
async function* repeated(text: string, bytes: number): AsyncGenerator<Uint8Array> {
  const unit = encoder.encode(text);
  const block = encoder.encode(text.repeat(Math.max(1, Math.floor(CHUNK / unit.length))));
  let left = Math.ceil(bytes / unit.length) * unit.length;
  while (left > 0) {
    const size = Math.min(left, block.length);
    yield size === block.length ? block : block.subarray(0, size);
    left -= size;
  }
}

/** How a hostile run of each form opens and closes, and the offer it sits in (null: between offers). */
function frame(form: HostileForm, i: number): { head: string; fill: string; tail: string; offer: boolean } {
  switch (form) {
    case 'whitespace':
      return { head: '', fill: ' \n\t', tail: '', offer: true };
    case 'text':
      return { head: '<description>', fill: 'очень длинное описание ', tail: '</description>', offer: true };
    case 'attribute':
      return { head: '<image tag="', fill: 'plan-', tail: `">https://photos.example.ru/${i}.jpg</image>`, offer: true };
    case 'tag-name':
      return { head: '<x', fill: 'abcdefgh', tail: '>значение</x', offer: true };
    case 'between':
      return { head: '<agency-note>', fill: 'шум ', tail: '</agency-note>\n', offer: false };
  }
}

/**
 * `forms` hostile runs of `runBytes` bytes each (UTF-8: the Cyrillic fills have fewer characters), every one followed by `offersBetween` ordinary offers (and as
 * many before the first). A tag name's run appears twice (its opening and closing tag), the same both times.
 */
export async function* hostileFeed(forms: readonly HostileForm[], runBytes: number, offersBetween = 2): AsyncGenerator<Uint8Array> {
  let i = 0;
  const plain = function* () {
    for (let k = 0; k < offersBetween; k++) yield encoder.encode(plainOffer(i++));
  };
  yield encoder.encode(
    '<?xml version="1.0" encoding="UTF-8"?>\n<realty-feed xmlns="http://webmaster.yandex.ru/schemas/feed/realty/2010-06">\n<generation-date>2026-11-25T10:00:00+03:00</generation-date>\n',
  );
  yield* plain();
  for (const form of forms) {
    const { head, fill, tail, offer } = frame(form, i);
    if (offer) {
      const [before, after] = plainOffer(i++, '\u0000').split('\u0000') as [string, string];
      yield encoder.encode(before + head);
      yield* repeated(fill, runBytes);
      if (form === 'tag-name') {
        yield encoder.encode(tail);
        yield* repeated(fill, runBytes);
        yield encoder.encode('>');
      } else yield encoder.encode(tail);
      yield encoder.encode(after);
    } else {
      yield encoder.encode(head);
      yield* repeated(fill, runBytes);
      yield encoder.encode(tail);
    }
    yield* plain();
  }
  yield encoder.encode('</realty-feed>\n');
}
