/**
 * «Демонстрационные объявления»: shown above a list that holds generated listings, so no one takes them for real
 * offers. Their pictures are drawings, their sellers and houses are made up.
 */
export function DemoBanner() {
  return (
    <p className="kv-demo-banner" role="note" data-testid="demo-banner">
      <strong>Демонстрационные объявления</strong> — примеры: таких домов и продавцов нет
    </p>
  );
}
