import { SaxesParser } from 'saxes';

/** One element of an offer: its attributes, its own text and its child elements, in document order. */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  text: string;
  children: XmlElement[];
  /** The first child of each name: the mapper looks ~40 of them up per offer. */
  first: Record<string, XmlElement | undefined>;
}

const element = (name: string, attributes: Record<string, string>): XmlElement => ({
  name,
  attributes,
  text: '',
  children: [],
  first: Object.create(null) as Record<string, XmlElement | undefined>,
});

/** The feed is not XML we can read: the import stops and nothing is marked sold. */
export class FeedFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeedFormatError';
  }
}

/** What one offer may hold: a hostile feed cannot grow memory through one endless offer. */
const MAX_ELEMENTS_PER_OFFER = 2_000;
const MAX_DEPTH = 12;
const MAX_TEXT = 32_000;
const YRL_NAMESPACE = 'http://webmaster.yandex.ru/schemas/feed/realty/2010-06';

/** The encoding the XML declaration names (feeds in windows-1251 are common), UTF-8 otherwise. */
export function declaredEncoding(head: Uint8Array): string {
  const start = new TextDecoder('latin1').decode(head.subarray(0, 200));
  const match = /^\s*<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(start);
  return match ? match[1]!.toLowerCase() : 'utf-8';
}

function decoderFor(label: string): TextDecoder {
  try {
    return new TextDecoder(label);
  } catch {
    throw new FeedFormatError(`кодировка «${label}» не поддерживается: нужен UTF-8 или windows-1251`);
  }
}

export interface FeedHeader {
  generationDate: string | null;
}

/**
 * Reads a YRL feed as it streams in and hands out its offers in the order they close. Memory holds one chunk and
 * the offers parsed from it, whatever the feed's size. Malformed XML ends it with a FeedFormatError naming the line
 * and column.
 */
export async function* readYrlOffers(
  input: AsyncIterable<Uint8Array>,
  header: FeedHeader = { generationDate: null },
): AsyncGenerator<XmlElement[]> {
  const parser = new SaxesParser({ xmlns: false, position: true });
  const ready: XmlElement[] = [];
  const stack: XmlElement[] = [];
  let offer: XmlElement | null = null;
  let elementsInOffer = 0;
  let rootSeen = false;
  let generationText: string | null = null;
  // Set from the parser's callbacks; read after each write.
  const state: { failure: FeedFormatError | null } = { failure: null };
  const fail = (message: string) => {
    state.failure ??= new FeedFormatError(`строка ${parser.line}, столбец ${parser.column + 1}: ${message}`);
  };

  // saxes (strict XML 1.0): unclosed or mismatched tags, bad entities, a second root, text after it.
  parser.on('error', (error) => fail(`XML повреждён (${error.message.replace(/^[^:]*:\d+:\d+: /, '')})`));
  parser.on('opentag', (tag) => {
    const attributes = tag.attributes;
    if (!rootSeen) {
      rootSeen = true;
      if (tag.name !== 'realty-feed') fail(`это не фид YRL: корневой элемент <${tag.name}>, ожидался <realty-feed>`);
      else if (attributes.xmlns && attributes.xmlns !== YRL_NAMESPACE) fail(`пространство имён ${attributes.xmlns} не YRL`);
      return;
    }
    if (offer === null) {
      if (tag.name === 'offer' && stack.length === 0) {
        offer = element('offer', attributes);
        elementsInOffer = 0;
        stack.push(offer);
      } else if (tag.name === 'generation-date') {
        generationText = '';
      }
      return;
    }
    if (++elementsInOffer > MAX_ELEMENTS_PER_OFFER) return fail(`в объявлении больше ${MAX_ELEMENTS_PER_OFFER} элементов`);
    if (stack.length >= MAX_DEPTH) return fail(`вложенность глубже ${MAX_DEPTH} уровней`);
    const opened = element(tag.name, attributes);
    const parent = stack[stack.length - 1]!;
    parent.children.push(opened);
    parent.first[tag.name] ??= opened;
    stack.push(opened);
  });
  const onText = (text: string) => {
    const current = stack[stack.length - 1];
    if (current) {
      if (current.text.length < MAX_TEXT) current.text += text.slice(0, MAX_TEXT - current.text.length);
    } else if (generationText !== null) {
      generationText += text;
    }
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', (tag) => {
    if (offer === null) {
      if (tag.name === 'generation-date' && generationText !== null) {
        header.generationDate = generationText.trim() || null;
        generationText = null;
      }
      return;
    }
    const closed = stack.pop();
    if (closed === offer) {
      ready.push(offer);
      offer = null;
    }
  });

  let decoder: TextDecoder | null = null;
  for await (const chunk of input) {
    decoder ??= decoderFor(declaredEncoding(chunk));
    parser.write(decoder.decode(chunk, { stream: true }));
    if (state.failure) throw state.failure;
    if (ready.length > 0) yield ready.splice(0);
  }
  if (decoder) parser.write(decoder.decode());
  parser.close();
  if (state.failure) throw state.failure;
  if (!rootSeen) throw new FeedFormatError('фид пуст: нет ни одного элемента');
  if (ready.length > 0) yield ready.splice(0);
}

/** The first child of that name, following a path like 'location/metro'. */
export function child(from: XmlElement, path: string): XmlElement | undefined {
  let steps = splitPaths.get(path);
  if (!steps) splitPaths.set(path, (steps = path.split('/')));
  let current: XmlElement | undefined = from;
  for (const name of steps) current = current?.first[name];
  return current;
}

/** Paths are a handful of literals: each is split once. */
const splitPaths = new Map<string, string[]>();

/** Every child of that name (repeated elements: image, metro). */
export function children(element: XmlElement, name: string): XmlElement[] {
  return element.children.filter((c) => c.name === name);
}

/** The trimmed text at a path, or undefined when the element is missing or empty. */
export function textAt(element: XmlElement, path: string): string | undefined {
  const text = child(element, path)?.text.trim();
  return text ? text : undefined;
}
