export { parseSentence, type ParseResult } from './parse';
export { vocabularyOf, vocabularyFromFiles } from './reference';
export type { VocabularyInput } from './vocabulary';
export { stem, tokenize, adjectiveGender, numberWord } from './grammar';
