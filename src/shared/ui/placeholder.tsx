/** What a not-yet-built section shows: never a blank screen. */
export function SectionPlaceholder({ title, text }: { title: string; text: string }) {
  return (
    <section className="kv-placeholder">
      <h1 className="kv-page-title">{title}</h1>
      <div className="kv-placeholder__card">
        <p className="kv-placeholder__badge">Раздел в разработке</p>
        <p>{text}</p>
      </div>
    </section>
  );
}
