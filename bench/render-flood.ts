/**
 * One client floods the server with render work — distinct apartment pages (server rendering) and their share
 * previews (`preview.png`), eight connections at once — while another user keeps asking for the metro list. What is
 * measured is the other user's latency, alone and during the flood: render work must not take the server from them.
 */
import autocannon from 'autocannon';

const FLOOD_CONNECTIONS = 8;
/** The other user: one request at a time, a short pause between, as a person's app asks. */
const OTHER_USER_PAUSE_MS = 20;

interface Latencies {
  p50: number;
  p95: number;
  count: number;
  errors: number;
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

/** The other user's metro-list requests for `seconds`, one after another. */
async function otherUser(base: string, seconds: number): Promise<Latencies> {
  const times: number[] = [];
  let errors = 0;
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    const started = performance.now();
    const response = await fetch(`${base}/api/init/metro-list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ cityIds: [78] }),
    }).catch(() => null);
    if (response) await response.arrayBuffer();
    times.push(performance.now() - started);
    if (!response?.ok) errors += 1;
    await new Promise((resolve) => setTimeout(resolve, OTHER_USER_PAUSE_MS));
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), count: times.length, errors };
}

/** Apartment ids of a city, enough that the flood asks for a new page and a new preview nearly every time. */
async function apartmentIds(base: string, pages: number): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 0; page < pages; page++) {
    const answer = (await (
      await fetch(`${base}/api/selection/swipe/variant/guest-list`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ cityIds: [78], count: 30, page }),
      })
    ).json()) as { data: { items: { id: number }[] } };
    ids.push(...answer.data.items.map((item) => item.id));
  }
  return [...new Set(ids)];
}

const format = (label: string, l: Latencies) =>
  `render flood ${label}: other user's metro-list p50 ${l.p50.toFixed(1)} ms p95 ${l.p95.toFixed(1)} ms (${l.count} requests${l.errors ? `, ${l.errors} failed` : ''})`;

export async function benchRenderFlood(base: string, seconds: number): Promise<void> {
  const ids = await apartmentIds(base, 40);
  const alone = await otherUser(base, seconds);
  console.log(format('alone', alone));
  let next = 0;
  // BENCH_FLOOD=pages or previews: only that half of the flood (to see which costs what).
  const only = process.env.BENCH_FLOOD;
  const flood = autocannon({
    url: base,
    connections: FLOOD_CONNECTIONS,
    duration: seconds + 1,
    requests: [
      {
        // Alternately a page and a preview, each of the next apartment: a cache alone cannot absorb it.
        setupRequest: (request) => {
          const id = ids[Math.floor(next / 2) % ids.length]!;
          const page = only === 'pages' || (only !== 'previews' && next % 2 === 0);
          // BENCH_FLOOD=health: the cheapest answer there is, to tell the machine's own limits from render work.
          const path = only === 'health' ? '/api/health' : page ? `/spb/apart/${id}` : `/api/media/apart/${id}/preview.png`;
          next += 1;
          return { ...request, method: 'GET', path };
        },
      },
    ],
  });
  const during = await otherUser(base, seconds);
  const result = await flood;
  console.log(format('during 8-connection flood', during));
  console.log(
    `render flood itself: ${Math.round(result.requests.average)} req/s p50 ${result.latency.p50} ms, ${result.non2xx} non-2xx ` +
      `(${ids.length} distinct apartments)`,
  );
}
