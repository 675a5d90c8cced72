/**
 * The sentence parser (server/search): its exact-match share on the written phrases (the same table the tests use)
 * and on the held-out ones (written after the grammar, never tuned against), and the time one sentence takes, p50 and p95
 * over repeated passes.
 */
import { parseSentence, vocabularyFromFiles } from '../server/search';
import { exact, phraseCases } from '../tests/server/search/expectations';

export function benchSearchParse(): { share: number; p50: number; p95: number } {
  const { vocabulary, input } = vocabularyFromFiles();
  const cases = phraseCases(input);
  const exactCount = cases.filter((c) => exact(parseSentence(c.text, c.city, vocabulary), c.expected)).length;
  const heldOut = phraseCases(input, 'heldOut');
  const heldOutExact = heldOut.filter((c) => exact(parseSentence(c.text, c.city, vocabulary), c.expected)).length;
  const times: number[] = [];
  for (let pass = 0; pass < 20; pass++)
    for (const c of cases) {
      const start = performance.now();
      parseSentence(c.text, c.city, vocabulary);
      if (pass > 0) times.push(performance.now() - start);
    }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(times.length * p))]!;
  const result = { share: exactCount / cases.length, p50: at(0.5), p95: at(0.95) };
  console.log(
    `parse   search by a sentence: ${exactCount}/${cases.length} phrases exact (${(result.share * 100).toFixed(1)} %, goal ≥ 90 %), ` +
      `held-out ${heldOutExact}/${heldOut.length}, p50 ${result.p50.toFixed(3)} ms, p95 ${result.p95.toFixed(3)} ms per sentence`,
  );
  return result;
}

if (process.argv[1]?.endsWith('search-parse.ts')) benchSearchParse();
