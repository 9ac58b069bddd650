import type { Config } from '../../config';
import { createBasicGenerator } from './basic-generator';
import type { ListingGenerator } from './listing-generator';

/**
 * The generator AI_PROVIDER asks for. Anthropic needs a key; OpenAI-compatible local servers do not. An SDK is
 * loaded only when it is the one configured: each adds megabytes to the heap every garbage collection walks.
 */
export async function createListingGenerator(ai: Config['ai'], options: { timeoutMs?: number } = {}): Promise<ListingGenerator> {
  const sdkOptions = { apiKey: ai.apiKey, baseUrl: ai.baseUrl, model: ai.model, timeoutMs: options.timeoutMs };
  switch (ai.provider) {
    case 'openai':
      return (await import('./openai-generator')).createOpenAiGenerator(sdkOptions);
    case 'anthropic':
      if (!ai.apiKey) throw new Error('AI_PROVIDER=anthropic needs AI_API_KEY');
      return (await import('./anthropic-generator')).createAnthropicGenerator(sdkOptions);
    case 'basic':
      return createBasicGenerator();
  }
}
