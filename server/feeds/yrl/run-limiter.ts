import { createHash, type Hash } from 'node:crypto';

/**
 * What the XML parser may be made to hold at once. saxes buffers every run until its end: a text node or the
 * whitespace between tags until the next `<`, a name until its end, an attribute value until its quote, a comment,
 * an entity reference until its `;`. A hostile feed with one such run of hundreds of megabytes would exhaust the
 * heap, so the runs are cut here, before the parser sees them.
 */
export interface RunLimits {
  /** One text run or CDATA section where the reader keeps text (inside an offer). */
  text: number;
  /** One text run where the reader keeps nothing (between offers): the parser still checks what is left. */
  ignoredText: number;
  /** One element or attribute name: a longer one keeps this many characters and a hash of the rest. */
  name: number;
  attributeValue: number;
  attributesPerTag: number;
  /** Whitespace inside a tag, and a comment: cut silently (they mean nothing to the reader). */
  markup: number;
  /** A processing instruction or the DOCTYPE: longer ones stop the feed (a feed has no use for them). */
  declaration: number;
  /** An entity reference (`&amp;`, `&#1234;`): a longer one is not XML we can read. */
  entity: number;
}

export const RUN_LIMITS: RunLimits = {
  text: 1_000_000,
  ignoredText: 1_000,
  name: 1_000,
  attributeValue: 65_536,
  attributesPerTag: 64,
  markup: 65_536,
  declaration: 65_536,
  entity: 64,
};

export interface RunSink {
  /** The XML, cut to the limits, in order. */
  write(xml: string): void;
  /** The text-run limit where the parser is now; asked once per run that outgrows `ignoredText`. */
  textLimit(): number;
  /**
   * Content was cut. 'tag': it belongs to the element whose tag is being read (its name, an attribute); 'content':
   * to the element the parser is in (its text). Everything written before was written first.
   */
  overflow(where: 'tag' | 'content', reason: string): void;
  /** Not XML: the feed stops here. */
  fail(reason: string): void;
}

const enum State {
  Text,
  Open,
  StartName,
  EndName,
  InTag,
  AttributeName,
  AttributeEquals,
  AttributeQuote,
  AttributeValue,
  EndRest,
  Comment,
  CData,
  Declaration,
}

const NAME_END = /[ \t\r\n>/=<"']/g;
const NOT_SPACE = /[^ \t\r\n]/g;
/** 1 000 000: the report's numbers grouped by plain spaces, as the rest of its Russian text. */
export const fmt = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

/** Where the first non-whitespace character is in [from, to), or -1. */
function firstNonSpace(text: string, from: number, to: number): number {
  if (from >= to) return -1;
  // Most often the very first character (after a name comes `>` or `=`): no regex for it.
  const c = text.charCodeAt(from);
  if (c !== 32 && c !== 9 && c !== 10 && c !== 13) return from;
  NOT_SPACE.lastIndex = from;
  const found = NOT_SPACE.exec(text);
  return found && found.index < to ? found.index : -1;
}

/**
 * A streaming filter in front of saxes that bounds every run it would buffer. It tracks just enough of XML's
 * lexical structure to know which run it is in (text, names, attribute values, comments, CDATA, declarations); the
 * parser still checks everything. Text it forwards is copied in slices of the input, so a normal feed passes at the
 * cost of a few indexOf calls per tag.
 */
export class RunLimiter {
  private state = State.Text;
  private buffer = '';
  private copyFrom = 0;
  private out: string[] = [];
  /** Characters of the current run (text, name, value, comment, declaration). */
  private run = 0;
  private runLimit = -1;
  private runCut = false;
  private nameHash: Hash | null = null;
  private dropAttribute = false;
  private attributes = 0;
  private tagCut = false;
  private quote = '"';
  private doctype = { quote: '', subset: false, comment: false };
  private failed = false;
  /** Where the next `&` of the buffer is (-1: none), as found from `ampSearchedFrom`. */
  private ampAt = -1;
  private ampSearchedFrom = Number.POSITIVE_INFINITY;

  constructor(
    private readonly sink: RunSink,
    private readonly limits: RunLimits = RUN_LIMITS,
  ) {}

  write(chunk: string): void {
    if (this.failed) return;
    const buffer = this.buffer.slice(this.copyFrom) + chunk;
    this.buffer = buffer;
    this.copyFrom = 0;
    this.ampSearchedFrom = Number.POSITIVE_INFINITY;
    const hold = this.scan(buffer);
    if (this.failed) return;
    this.flush(hold);
    // What could not be judged yet (a `<!` or an entity reference cut by the chunk) waits for the next chunk.
    this.buffer = buffer;
    this.copyFrom = Math.max(this.copyFrom, hold);
  }

  end(): void {
    if (this.failed) return;
    this.flush(this.buffer.length);
    this.buffer = '';
    this.copyFrom = 0;
  }

  private flush(upTo: number): void {
    // What was dropped past `upTo` stays dropped: the cursor only moves forward.
    if (upTo > this.copyFrom) {
      this.out.push(this.buffer.slice(this.copyFrom, upTo));
      this.copyFrom = upTo;
    }
    if (this.out.length === 0) return;
    const xml = this.out.length === 1 ? this.out[0]! : this.out.join('');
    this.out = [];
    if (xml.length > 0) this.sink.write(xml);
  }

  /** Leaves [from, to) out of what the parser sees. */
  private drop(from: number, to: number): void {
    if (to <= from) return;
    if (from > this.copyFrom) this.out.push(this.buffer.slice(this.copyFrom, from));
    this.copyFrom = Math.max(this.copyFrom, to);
  }

  private insert(at: number, text: string): void {
    if (at > this.copyFrom) this.out.push(this.buffer.slice(this.copyFrom, at));
    this.copyFrom = Math.max(this.copyFrom, at);
    this.out.push(text);
  }

  private fail(at: number, reason: string): void {
    this.flush(at);
    this.failed = true;
    this.sink.fail(reason);
  }

  private overflow(at: number, where: 'tag' | 'content', reason: string): void {
    this.flush(at);
    this.sink.overflow(where, reason);
  }

  private startRun(): void {
    this.run = 0;
    this.runLimit = -1;
    this.runCut = false;
  }

  /** Scans the buffer; returns where the part that must wait for more input begins. */
  private scan(b: string): number {
    const length = b.length;
    let i = 0;
    while (i < length && !this.failed) {
      switch (this.state) {
        case State.Text: {
          const lt = b.indexOf('<', i);
          const end = lt === -1 ? length : lt;
          const stop = this.checkEntities(b, i, end, lt === -1);
          if (stop === -2) return i;
          this.textRun(b, i, stop, 'text');
          if (stop < end) return stop;
          if (lt === -1) return length;
          i = lt;
          this.state = State.Open;
          break;
        }
        case State.Open: {
          if (i + 1 >= length) return i;
          const next = b[i + 1];
          if (next === '/') {
            this.state = State.EndName;
            i += 2;
          } else if (next === '?') {
            this.state = State.Declaration;
            this.doctype = { quote: '', subset: false, comment: false };
            this.run = 0;
            i += 2;
            // A processing instruction ends at `?>`; the flag tells the declaration scan which end to look for.
            this.quote = '?';
          } else if (next === '!') {
            const rest = b.slice(i, i + 9);
            if (rest.length < 9 && ('<![CDATA['.startsWith(rest) || '<!--'.startsWith(rest))) return i;
            if (rest.startsWith('<!--')) {
              this.state = State.Comment;
              this.run = 0;
              this.runCut = false;
              i += 4;
            } else if (rest === '<![CDATA[') {
              this.state = State.CData;
              this.startRun();
              i += 9;
            } else {
              this.state = State.Declaration;
              this.doctype = { quote: '', subset: false, comment: false };
              this.quote = '!';
              this.run = 0;
              i += 2;
            }
          } else {
            this.state = State.StartName;
            this.attributes = 0;
            this.tagCut = false;
            i += 1;
          }
          if (this.state === State.StartName || this.state === State.EndName) this.run = 0;
          this.nameHash = null;
          this.dropAttribute = false;
          break;
        }
        case State.StartName:
        case State.EndName:
        case State.AttributeName: {
          NAME_END.lastIndex = i;
          const found = NAME_END.exec(b);
          const end = found ? found.index : length;
          this.nameRun(b, i, end);
          if (!found) return length;
          i = end;
          this.endName(i);
          this.state = this.state === State.StartName ? State.InTag : this.state === State.EndName ? State.EndRest : State.AttributeEquals;
          this.run = 0;
          break;
        }
        case State.InTag:
        case State.EndRest:
        case State.AttributeEquals:
        case State.AttributeQuote: {
          const at = firstNonSpace(b, i, length);
          const end = at === -1 ? length : at;
          this.spaceRun(i, end);
          if (at === -1) return length;
          i = at;
          i = this.afterSpace(b, i);
          break;
        }
        case State.AttributeValue: {
          const close = b.indexOf(this.quote, i);
          const end = close === -1 ? length : close;
          const stop = this.checkEntities(b, i, end, close === -1);
          if (stop === -2) return i;
          this.valueRun(b, i, stop);
          if (stop < end) return stop;
          if (close === -1) return length;
          if (this.dropAttribute) this.drop(close, close + 1);
          this.dropAttribute = false;
          this.state = State.InTag;
          this.run = 0;
          i = close + 1;
          break;
        }
        case State.Comment: {
          const close = b.indexOf('-->', i);
          // Without its end in sight, the last two characters may be the start of `-->`: they wait.
          const end = close === -1 ? Math.max(i, length - 2) : close;
          this.commentRun(i, end);
          if (close === -1) return end;
          if (this.runCut) this.insert(close, ' ');
          this.state = State.Text;
          this.startRun();
          i = close + 3;
          break;
        }
        case State.CData: {
          const close = b.indexOf(']]>', i);
          const end = close === -1 ? Math.max(i, length - 2) : close;
          this.textRun(b, i, end, 'cdata');
          if (close === -1) return end;
          this.state = State.Text;
          this.startRun();
          i = close + 3;
          break;
        }
        case State.Declaration: {
          const end = this.declarationEnd(b, i);
          this.run += (end === -1 ? length : end) - i;
          if (this.run > this.limits.declaration) {
            this.fail(
              i,
              `${this.quote === '?' ? 'инструкция обработки' : 'объявление DOCTYPE'} длиннее ${fmt(this.limits.declaration)} символов`,
            );
            return length;
          }
          if (end === -1) return this.quote === '?' ? Math.max(i, length - 1) : length;
          this.state = State.Text;
          this.startRun();
          i = end;
          break;
        }
      }
    }
    return Math.min(i, length);
  }

  /** After whitespace inside a tag: the character that decides what comes next. */
  private afterSpace(b: string, i: number): number {
    const c = b[i]!;
    switch (this.state) {
      case State.InTag:
        if (c === '>') {
          this.state = State.Text;
          this.startRun();
          return i + 1;
        }
        if (c === '/') return i + 1;
        // Where an attribute's name should start: saxes refuses these, and reading on would find no name.
        if (c === '=' || c === '<' || c === '"' || c === "'") {
          this.fail(i, `XML повреждён: «${c}» внутри тега`);
          return i;
        }
        this.attributes++;
        this.dropAttribute = this.attributes > this.limits.attributesPerTag;
        if (this.dropAttribute && !this.tagCut) {
          this.tagCut = true;
          this.overflow(i, 'tag', `больше ${fmt(this.limits.attributesPerTag)} атрибутов`);
        }
        this.state = State.AttributeName;
        this.run = 0;
        this.nameHash = null;
        return i;
      case State.EndRest:
        // `>` or anything else: the parser judges it.
        this.state = State.Text;
        this.startRun();
        return c === '>' ? i + 1 : i;
      case State.AttributeEquals:
        if (this.dropAttribute && c === '=') this.drop(i, i + 1);
        this.state = c === '=' ? State.AttributeQuote : State.InTag;
        return c === '=' ? i + 1 : i;
      default:
        if (c === '"' || c === "'") {
          if (this.dropAttribute) this.drop(i, i + 1);
          this.quote = c;
          this.state = State.AttributeValue;
          this.run = 0;
          this.runCut = false;
          return i + 1;
        }
        this.state = State.InTag;
        return i;
    }
  }

  /**
   * Each `&` in [from, to) must end with `;` within the entity limit and before `to` (saxes would otherwise read on
   * to the next `;`, however far). Returns `to`, or where an unfinished reference at the chunk's end begins (it waits),
   * or -2 when the whole segment must wait.
   */
  private checkEntities(b: string, from: number, to: number, atChunkEnd: boolean): number {
    // The next `&` is looked for once per stretch without one: most text has none, and searching to the buffer's
    // end for each of a chunk's thousands of text nodes would cost more than the parse.
    if (from < this.ampSearchedFrom || (this.ampAt !== -1 && this.ampAt < from)) {
      this.ampAt = b.indexOf('&', from);
      this.ampSearchedFrom = from;
    }
    if (this.ampAt === -1 || this.ampAt >= to) return to;
    for (let amp = this.ampAt; amp !== -1 && amp < to; amp = b.indexOf('&', amp + 1)) {
      const semi = b.indexOf(';', amp);
      if (semi !== -1 && semi < to && semi - amp <= this.limits.entity) {
        amp = semi;
        continue;
      }
      if (atChunkEnd && semi === -1 && to - amp <= this.limits.entity) return amp === from ? -2 : amp;
      this.fail(amp, `ссылка на сущность без «;» в пределах ${this.limits.entity} символов`);
      return -2;
    }
    return to;
  }

  /** A text run (or a CDATA section): kept up to the limit, never cut inside an entity reference. */
  private textRun(b: string, from: number, to: number, kind: 'text' | 'cdata'): void {
    if (to <= from) return;
    const size = to - from;
    if (this.runLimit === -1 && this.run + size > this.limits.ignoredText) {
      this.flush(from);
      this.runLimit = Math.max(this.limits.ignoredText, this.sink.textLimit());
    }
    const limit = this.runLimit === -1 ? this.limits.ignoredText : this.runLimit;
    const room = limit - this.run;
    if (size <= room) {
      this.run += size;
      return;
    }
    let cut = from + Math.max(0, room);
    if (kind === 'text') {
      const amp = b.lastIndexOf('&', cut - 1);
      if (amp >= from && b.indexOf(';', amp) >= cut) cut = amp;
    }
    this.run = limit;
    this.drop(cut, to);
    // Whitespace past the limit is nothing lost; anything else is content the reader would have kept.
    if (!this.runCut && limit > this.limits.ignoredText && firstNonSpace(b, cut, to) !== -1) {
      this.runCut = true;
      this.overflow(cut, 'content', `текст длиннее ${fmt(limit)} символов`);
    }
  }

  private nameRun(b: string, from: number, to: number): void {
    if (this.dropAttribute) return this.drop(from, to);
    const room = this.limits.name - this.run;
    this.run += to - from;
    if (to - from <= room) return;
    const cut = from + Math.max(0, room);
    if (!this.nameHash) {
      this.nameHash = createHash('sha256');
      // A closing tag's name belongs to the element the parser is in; its opening tag was reported already.
      this.overflow(cut, this.state === State.EndName ? 'content' : 'tag', `имя длиннее ${fmt(this.limits.name)} символов`);
    }
    this.nameHash.update(b.slice(cut, to));
    this.drop(cut, to);
  }

  /** A cut name ends with a hash of what was cut: the same long name always becomes the same short one. */
  private endName(at: number): void {
    if (!this.nameHash) return;
    this.insert(at, `.${this.nameHash.digest('hex').slice(0, 16)}`);
    this.nameHash = null;
  }

  private spaceRun(from: number, to: number): void {
    if (this.dropAttribute) return this.drop(from, to);
    const room = this.limits.markup - this.run;
    this.run += to - from;
    if (to - from > room) this.drop(from + Math.max(0, room), to);
  }

  private valueRun(b: string, from: number, to: number): void {
    if (this.dropAttribute) return this.drop(from, to);
    const size = to - from;
    const room = this.limits.attributeValue - this.run;
    this.run += size;
    if (size <= room) return;
    let cut = from + Math.max(0, room);
    const amp = b.lastIndexOf('&', cut - 1);
    if (amp >= from && b.indexOf(';', amp) >= cut) cut = amp;
    this.drop(cut, to);
    if (!this.runCut) {
      this.runCut = true;
      this.overflow(cut, 'tag', `значение атрибута длиннее ${fmt(this.limits.attributeValue)} символов`);
    }
  }

  private commentRun(from: number, to: number): void {
    const room = this.limits.markup - this.run;
    this.run += to - from;
    if (to - from <= room) return;
    this.drop(from + Math.max(0, room), to);
    this.runCut = true;
  }

  /**
   * Where a processing instruction (`?>`) or a DOCTYPE (`>` outside quotes and its internal subset, whose comments
   * may hold anything) ends, as saxes reads them; -1 when not in this buffer.
   */
  private declarationEnd(b: string, from: number): number {
    if (this.quote === '?') {
      const close = b.indexOf('?>', from);
      return close === -1 ? -1 : close + 2;
    }
    const d = this.doctype;
    for (let i = from; i < b.length; i++) {
      const c = b[i];
      if (d.comment) {
        if (c === '>' && b[i - 1] === '-' && b[i - 2] === '-') d.comment = false;
      } else if (d.quote) {
        if (c === d.quote) d.quote = '';
      } else if (c === '"' || c === "'") d.quote = c;
      else if (c === '[') d.subset = true;
      else if (c === ']') d.subset = false;
      else if (d.subset && c === '-' && b[i - 1] === '-' && b[i - 2] === '!' && b[i - 3] === '<') d.comment = true;
      else if (c === '>' && !d.subset) return i + 1;
    }
    return -1;
  }
}
