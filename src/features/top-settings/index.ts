export { TopSettings } from './ui/top-settings';
export { $pendingSentence, draftWithSentence, sentencePending, type TopDraft } from './model/sentence';
