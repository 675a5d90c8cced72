/**
 * A display-ad block. It renders nothing unless an ad network is configured at build time
 * (VITE_AD_OWNER_ID): no empty boxes, no third-party requests by default (DESIGN §5).
 */
export function AdSlot({ code }: { code: string }) {
  const owner = import.meta.env.VITE_AD_OWNER_ID as string | undefined;
  if (!owner) return null;
  return <div className="kv-ad" data-ad-owner={owner} data-ad-code={code} aria-label="Реклама" />;
}
