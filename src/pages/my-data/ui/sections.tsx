import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ExportedApartment } from '@kvarta/contract/cabinet';
import type { Field } from '../lib/labels';

/** A section of the page: its heading, and «Нет данных» when nothing of this kind is stored. */
export function Section({ id, title, empty, children }: { id: string; title: string; empty: boolean; children: ReactNode }) {
  return (
    <section className="kv-my-data__section" aria-labelledby={`my-data-${id}`} data-testid={`my-data-${id}`}>
      <h2 id={`my-data-${id}`}>{title}</h2>
      {empty ? <p className="kv-my-data__empty">Нет данных</p> : children}
    </section>
  );
}

/** Label and value pairs, read by a screen reader as a description list. */
export function Fields({ fields }: { fields: readonly Field[] }) {
  return (
    <dl className="kv-my-data__fields">
      {fields.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Several records of one kind, each its own list with a small heading. */
export function Records<T>({
  items,
  title,
  fields,
}: {
  items: readonly T[];
  title: (item: T, i: number) => string;
  fields: (item: T) => Field[];
}) {
  return (
    <ol className="kv-my-data__records">
      {items.map((item, i) => (
        <li key={i}>
          <h3>{title(item, i)}</h3>
          <Fields fields={fields(item)} />
        </li>
      ))}
    </ol>
  );
}

/** A table of records whose columns are few (the apartments a person rated, liked or was suggested); scrolls sideways on a phone. */
export function Table<T>({
  caption,
  columns,
  rows,
  cells,
}: {
  caption: string;
  columns: readonly string[];
  rows: readonly T[];
  cells: (row: T) => ReactNode[];
}) {
  return (
    <div className="kv-my-data__scroll">
      <table className="kv-my-data__table">
        <caption className="kv-visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              {cells(row).map((cell, j) => (
                <td key={j}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** An apartment by its title and page while it is in the catalogue, by its number otherwise. */
export function ApartmentCell({ apartment }: { apartment: ExportedApartment }) {
  if (apartment.link && apartment.title) return <Link to={apartment.link}>{apartment.title}</Link>;
  return <>Квартира № {apartment.id} (снята с продажи)</>;
}
