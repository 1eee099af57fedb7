/** For tests: a `fetch` that answers each request with the next of `replies` (as JSON) and keeps the JSON bodies it was sent. */
export function scriptedFetch(replies: unknown[]) {
  const requests: Record<string, unknown>[] = [];
  const fetch = async (_url: string | URL | Request, init?: RequestInit): Promise<Response> => {
    requests.push(JSON.parse(String(init?.body)));
    const reply = replies[requests.length - 1];
    if (reply === undefined) return new Response(JSON.stringify({ error: { message: 'no more scripted replies' } }), { status: 400 });
    return new Response(JSON.stringify(reply), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return { fetch, requests };
}
