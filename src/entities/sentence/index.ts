export { SentenceSearch } from './ui/sentence-search';
export type { Parsed as ParsedSentence } from './lib/chips';
