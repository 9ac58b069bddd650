import { createBasicGenerator } from './basic-generator';
import { withLabelCheck } from './label-check';
import { sharedLabelOcr } from './label-reading/label-ocr';
import { createLabelReader } from './label-reading/read-labels';
import type { ListingGenerator } from './listing-generator';

/** The provider AI_PROVIDER names and how to reach it, read by config.ts. */
export interface AiSettings {
  provider: 'basic' | 'openai' | 'anthropic';
  baseUrl?: string;
  apiKey?: string;
  model?: string;
  /** The label photos are read offline (LABEL_READING, on by default): by the offline writer, and to check a cloud AI's answer. */
  labelReading?: boolean;
}

/**
 * The generator AI_PROVIDER asks for. Anthropic needs a key; OpenAI-compatible local servers do not. An SDK is
 * loaded only when it is the one configured: each adds megabytes to the heap every garbage collection walks.
 */
export async function createListingGenerator(ai: AiSettings, options: { timeoutMs?: number } = {}): Promise<ListingGenerator> {
  const sdkOptions = { apiKey: ai.apiKey, baseUrl: ai.baseUrl, model: ai.model, timeoutMs: options.timeoutMs };
  // A cloud AI's brand and size are checked against the labels read offline (decision 171).
  const checked = (cloud: ListingGenerator) => (ai.labelReading ? withLabelCheck(cloud, createLabelReader(sharedLabelOcr())) : cloud);
  switch (ai.provider) {
    case 'openai':
      return checked((await import('./openai-generator')).createOpenAiGenerator(sdkOptions));
    case 'anthropic':
      if (!ai.apiKey) throw new Error('AI_PROVIDER=anthropic needs AI_API_KEY');
      return checked((await import('./anthropic-generator')).createAnthropicGenerator(sdkOptions));
    case 'basic':
      return createBasicGenerator({ labels: ai.labelReading ? createLabelReader(sharedLabelOcr()) : undefined });
  }
}
