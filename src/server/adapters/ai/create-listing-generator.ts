import type { Config } from '../../config';
import { createAnthropicGenerator } from './anthropic-generator';
import { createBasicGenerator } from './basic-generator';
import type { ListingGenerator } from './listing-generator';
import { createOpenAiGenerator } from './openai-generator';

/** The generator AI_PROVIDER asks for. Anthropic needs a key; OpenAI-compatible local servers do not. */
export function createListingGenerator(ai: Config['ai'], options: { timeoutMs?: number } = {}): ListingGenerator {
  const sdkOptions = { apiKey: ai.apiKey, baseUrl: ai.baseUrl, model: ai.model, timeoutMs: options.timeoutMs };
  switch (ai.provider) {
    case 'openai':
      return createOpenAiGenerator(sdkOptions);
    case 'anthropic':
      if (!ai.apiKey) throw new Error('AI_PROVIDER=anthropic needs AI_API_KEY');
      return createAnthropicGenerator(sdkOptions);
    case 'basic':
      return createBasicGenerator();
  }
}
