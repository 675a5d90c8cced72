import type { OperatorInfo } from '@/shared/api';

const telOf = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** The operator's support phone and e-mail, where configured (the footer, the rules, the payment). */
export function Support({ o }: { o: OperatorInfo }) {
  if (!o.supportPhone && !o.supportEmail) return null;
  return (
    <p className="kv-operator__support">
      Поддержка: {o.supportPhone && <a href={telOf(o.supportPhone)}>{o.supportPhone}</a>}
      {o.supportPhone && o.supportEmail && ', '}
      {o.supportEmail && <a href={`mailto:${o.supportEmail}`}>{o.supportEmail}</a>}
    </p>
  );
}
