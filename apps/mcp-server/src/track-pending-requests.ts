import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';

/**
 * Counts the requests a connected transport has received and not answered yet, so that a server
 * whose input has ended can finish them before it exits. Call it after `server.connect(transport)`.
 */
export function trackPendingRequests(transport: Transport): { idle(): Promise<void> } {
  let pending = 0;
  let waiting: (() => void)[] = [];
  const receive = transport.onmessage;
  transport.onmessage = (message, extra) => {
    if ('method' in message && 'id' in message) pending += 1;
    receive?.(message, extra);
  };
  const send = transport.send.bind(transport);
  transport.send = async (message, options) => {
    await send(message, options);
    if ('method' in message || !('id' in message)) return;
    pending -= 1;
    if (pending > 0) return;
    for (const resolve of waiting) resolve();
    waiting = [];
  };
  return { idle: () => (pending === 0 ? Promise.resolve() : new Promise((resolve) => waiting.push(resolve))) };
}
