/** How a link left the page: shared through the system sheet, copied, or not at all (the person cancelled). */
export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

/** Copies text where the async clipboard is missing or refused (an http page, an old webview). */
function copyWithSelection(text: string): boolean {
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.style.position = 'fixed';
  field.style.opacity = '0';
  document.body.append(field);
  field.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    field.remove();
  }
}

export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, not focused): the selection fallback may still work.
  }
  return copyWithSelection(text);
}

/**
 * The Web Share sheet where the browser has one (phones, Telegram on iOS), the clipboard otherwise; a share the
 * person cancelled is not turned into a copy behind their back.
 */
export async function shareLink(url: string, title: string): Promise<ShareOutcome> {
  if (typeof navigator.share === 'function' && (navigator.canShare?.({ url }) ?? true)) {
    try {
      await navigator.share({ url, title });
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      // Not allowed here (an iframe, no user activation left): copy instead.
    }
  }
  return (await copyText(url)) ? 'copied' : 'failed';
}
