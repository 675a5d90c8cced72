/** What the adapters need of `fetch` (the global one, or the loopback to the fake provider). */
export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body: string },
) => Promise<{
  status: number;
  json(): Promise<unknown>;
}>;

export interface CloudPaymentsCredentials {
  publicId: string;
  apiSecret: string;
  /** https://api.cloudpayments.ru, or the fake's address. */
  apiUrl: string;
}

/** The provider could not be reached or refused: the job that asked retries. */
export class CloudPaymentsApiError extends Error {}

/**
 * CloudPayments' server API: HTTP Basic auth with the public id and API secret, JSON in and out, `{Success,
 * Message}` answers; X-Request-ID makes a retried request count once on their side.
 */
export class CloudPaymentsApi {
  constructor(
    private readonly credentials: CloudPaymentsCredentials,
    private readonly fetch: FetchLike,
  ) {}

  private async call(path: string, body: object, requestId: string): Promise<void> {
    const auth = Buffer.from(`${this.credentials.publicId}:${this.credentials.apiSecret}`).toString('base64');
    let answer: { Success?: unknown; Message?: unknown };
    try {
      const response = await this.fetch(`${this.credentials.apiUrl}${path}`, {
        method: 'POST',
        headers: { Authorization: `Basic ${auth}`, 'Content-Type': 'application/json', 'X-Request-ID': requestId },
        body: JSON.stringify(body),
      });
      if (response.status !== 200) throw new CloudPaymentsApiError(`CloudPayments ${path}: HTTP ${response.status}`);
      answer = (await response.json()) as typeof answer;
    } catch (error) {
      if (error instanceof CloudPaymentsApiError) throw error;
      throw new CloudPaymentsApiError(`CloudPayments ${path}: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (answer.Success !== true)
      throw new CloudPaymentsApiError(`CloudPayments ${path}: ${typeof answer.Message === 'string' ? answer.Message : 'отказ'}`);
  }

  /** Stops the card's recurrent subscription (no more charges). */
  cancelSubscription(subscriptionId: string): Promise<void> {
    return this.call('/subscriptions/cancel', { Id: subscriptionId }, `cancel-${subscriptionId}`);
  }

  /** Returns a payment's money (a renewal charged after the user cancelled). */
  refund(transactionId: string, amount: number): Promise<void> {
    return this.call('/payments/refund', { TransactionId: Number(transactionId), Amount: amount }, `refund-${transactionId}`);
  }
}
