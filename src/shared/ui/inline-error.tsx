import type { ReactNode } from 'react';

/** A failed load in place of its content: the reason in Russian and, when it can help, «Повторить». */
export function InlineError({ text, onRetry, className = '' }: { text: string; onRetry?: () => void; className?: string }) {
  return (
    <div className={`kv-inline-error ${className}`.trim()} role="alert">
      <p>{text}</p>
      {onRetry && (
        <button type="button" className="kv-button" onClick={onRetry}>
          Повторить
        </button>
      )}
    </div>
  );
}

/** A refusal said in a line of its own and read out as it appears; nothing while there is none. */
export function ErrorText({ text }: { text: ReactNode }) {
  return text ? (
    <p className="kv-error-text" role="alert">
      {text}
    </p>
  ) : null;
}
