import { SaxesParser } from 'saxes';
import { RUN_LIMITS, RunLimiter, fmt } from './run-limiter';

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

/**
 * What one offer may hold: a hostile feed cannot grow memory through one endless offer. An offer over any of these
 * is refused with the reason (and its content is let go at once); the import goes on with the next one.
 */
const MAX_ELEMENTS_PER_OFFER = 2_000;
const MAX_DEPTH = 12;
/** One element's text kept (a longer description is cut, not refused). */
const MAX_TEXT = 32_000;
/** Everything one offer keeps: names, attribute values and text. */
const MAX_OFFER_CHARS = 512_000;
const YRL_NAMESPACE = 'http://webmaster.yandex.ru/schemas/feed/realty/2010-06';
/** A name in a report: a hostile one may be a megabyte long. */
const shortName = (name: string) => (name.length > 60 ? `${name.slice(0, 60)}…` : name);

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

/** An offer as read: its element tree, or why it was refused (a limit above or of the run limiter). */
export interface ReadOffer extends XmlElement {
  refused?: { element: string; reason: string };
}

/** Stands in for every element of a refused offer: nothing of it is kept, only its depth is followed. */
const SKIPPED: XmlElement = Object.freeze(element('', {}));

/**
 * Reads a YRL feed as it streams in and hands out its offers in the order they close. Memory holds one chunk and
 * the offers parsed from it, whatever the feed's size: every run the parser would buffer is bounded first
 * (run-limiter.ts), and an offer over a limit is handed out refused, with the reason. Malformed XML ends it with a
 * FeedFormatError naming the line and column.
 */
export async function* readYrlOffers(
  input: AsyncIterable<Uint8Array>,
  header: FeedHeader = { generationDate: null },
): AsyncGenerator<ReadOffer[]> {
  const parser = new SaxesParser({ xmlns: false, position: true });
  const ready: ReadOffer[] = [];
  const stack: XmlElement[] = [];
  let offer: ReadOffer | null = null;
  let elementsInOffer = 0;
  let offerChars = 0;
  let rootSeen = false;
  let generationText: string | null = null;
  /** The limiter cut the tag being read (its name or an attribute): the element it opens is at fault. */
  let tagCut: string | null = null;
  // Set from the parser's callbacks; read after each write.
  const state: { failure: FeedFormatError | null } = { failure: null };
  const fail = (message: string) => {
    state.failure ??= new FeedFormatError(`строка ${parser.line}, столбец ${parser.column + 1}: ${message}`);
  };
  const refuse = (elementName: string, reason: string) => {
    if (!offer || offer.refused) return;
    offer.refused = { element: shortName(elementName), reason };
    offer.children = [];
    offer.first = Object.create(null) as Record<string, XmlElement | undefined>;
    offer.text = '';
  };
  const charsOf = (name: string, attributes: Record<string, string>) => {
    let n = name.length;
    for (const key in attributes) n += key.length + attributes[key]!.length;
    return n;
  };

  // saxes (strict XML 1.0): unclosed or mismatched tags, bad entities, a second root, text after it.
  parser.on('error', (error) => fail(`XML повреждён (${error.message.replace(/^[^:]*:\d+:\d+: /, '')})`));
  parser.on('opentag', (tag) => {
    const attributes = tag.attributes;
    const cut = tagCut;
    tagCut = null;
    if (!rootSeen) {
      rootSeen = true;
      if (tag.name !== 'realty-feed') fail(`это не фид YRL: корневой элемент <${shortName(tag.name)}>, ожидался <realty-feed>`);
      else if (attributes.xmlns && attributes.xmlns !== YRL_NAMESPACE) fail(`пространство имён ${attributes.xmlns} не YRL`);
      return;
    }
    if (offer === null) {
      if (tag.name === 'offer' && stack.length === 0) {
        offer = element('offer', attributes);
        elementsInOffer = 0;
        offerChars = charsOf(tag.name, attributes);
        stack.push(offer);
        if (cut) refuse('offer', cut);
      } else if (tag.name === 'generation-date') {
        generationText = '';
      }
      return;
    }
    if (offer.refused) return void stack.push(SKIPPED);
    offerChars += charsOf(tag.name, attributes);
    if (cut) refuse(tag.name, cut);
    else if (++elementsInOffer > MAX_ELEMENTS_PER_OFFER) refuse(tag.name, `в объявлении больше ${fmt(MAX_ELEMENTS_PER_OFFER)} элементов`);
    else if (stack.length >= MAX_DEPTH) refuse(tag.name, `вложенность глубже ${MAX_DEPTH} уровней`);
    else if (offerChars > MAX_OFFER_CHARS) refuse(tag.name, `в объявлении больше ${fmt(MAX_OFFER_CHARS)} символов`);
    if (offer.refused) return void stack.push(SKIPPED);
    const opened = element(tag.name, attributes);
    const parent = stack[stack.length - 1]!;
    parent.children.push(opened);
    parent.first[tag.name] ??= opened;
    stack.push(opened);
  });
  const onText = (text: string) => {
    const current = stack[stack.length - 1];
    if (current) {
      if (current === SKIPPED || offer?.refused || current.text.length >= MAX_TEXT) return;
      const kept = text.slice(0, MAX_TEXT - current.text.length);
      offerChars += kept.length;
      // Whitespace between elements costs nothing: only text the offer keeps counts.
      if (offerChars > MAX_OFFER_CHARS && kept.trim()) return refuse(current.name, `в объявлении больше ${fmt(MAX_OFFER_CHARS)} символов`);
      current.text += kept;
    } else if (generationText !== null && generationText.length < 200) {
      generationText += text.slice(0, 200);
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

  const limiter = new RunLimiter({
    write: (xml) => parser.write(xml),
    // Text is kept inside an offer and in the feed's date; elsewhere a long run is cut short (the parser still
    // sees its start, so text where XML allows none is still an error).
    textLimit: () => ((offer !== null && !offer.refused) || generationText !== null ? RUN_LIMITS.text : RUN_LIMITS.ignoredText),
    overflow: (where, reason) => {
      if (where === 'tag') tagCut ??= reason;
      else if (offer) refuse(stack[stack.length - 1]?.name || 'offer', reason);
    },
    fail,
  });

  let decoder: TextDecoder | null = null;
  for await (const chunk of input) {
    decoder ??= decoderFor(declaredEncoding(chunk));
    limiter.write(decoder.decode(chunk, { stream: true }));
    if (state.failure) throw state.failure;
    if (ready.length > 0) yield ready.splice(0);
  }
  if (decoder) limiter.write(decoder.decode());
  limiter.end();
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

/**
 * A copy of a text read from the feed. V8 keeps a piece of a string (13 characters and more) as a slice of it, and
 * the parser's texts are pieces of the feed's decoded chunks (~110 kB each): a text kept beyond its offer — in a batch
 * waiting to be written, an id seen by the whole import — would keep its whole chunk in memory. Joining a character
 * on and slicing it off again makes a fresh string.
 */
export const ownText = (text: string): string => (text.length < 13 ? text : ` ${text}`.slice(1));

/** The trimmed text at a path (a copy: see ownText), or undefined when the element is missing or empty. */
export function textAt(element: XmlElement, path: string): string | undefined {
  const text = child(element, path)?.text.trim();
  return text ? ownText(text) : undefined;
}
