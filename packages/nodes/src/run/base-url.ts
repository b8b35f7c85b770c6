/**
 * The Base URL of a model-calling node, trimmed ('' for the provider's own API). Checked
 * before any call: an OpenAI-compatible provider has no default address, and a URL
 * without its scheme would otherwise fail deep in the HTTP client with a vaguer message.
 */
export function readBaseUrl(provider: string, baseUrl: string | undefined): string {
  const url = baseUrl?.trim() ?? '';
  if (provider === 'openai-compatible' && url === '') {
    throw new Error('An OpenAI-compatible provider needs a Base URL, such as http://localhost:11434/v1 for Ollama');
  }
  if (url !== '' && !/^https?:\/\/[^/\s]+/i.test(url)) throw new Error(`Base URL "${url}" should start with http:// or https://`);
  return url;
}
