import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type { ChatCompletionContentPart } from 'openai/resources/chat/completions';
import { GENERATION_LIMITS } from '@shared/domain/listing';
import { InvalidListingError, ProviderError, type GenerateOptions, type ListingGenerator } from './listing-generator';
import { LISTING_SCHEMA_NAME, listingJsonSchema, listingSystemPrompt, listingUserPrompt, parseListingText } from './listing-prompt';
import { openAiRateLimitInfo } from './rate-limit-headers';
import { requestDeadline } from './request-deadline';
import { againIfCutOff, toGenerationError, type SdkErrorMapping } from './sdk-errors';

/** How this SDK's errors map onto the generation errors (shared with the other SDK provider). */
const sdkErrors: SdkErrorMapping = {
  sdk: { APIError, APIConnectionError, APIConnectionTimeoutError, APIUserAbortError },
  rateLimitInfo: (headers) => openAiRateLimitInfo(headers),
};

export interface SdkProviderOptions {
  apiKey?: string;
  baseUrl?: string;
  model?: string;
  /** Per-request time-out; 150 s unless a test shortens it. */
  timeoutMs?: number;
}

export const DEFAULT_OPENAI_MODEL = 'gpt-4o-mini';

/** Any OpenAI-compatible chat completions endpoint, images as image_url parts, structured output by JSON schema. */
export function createOpenAiGenerator(options: SdkProviderOptions): ListingGenerator {
  const timeoutMs = options.timeoutMs ?? GENERATION_LIMITS.timeoutMs;
  const client = new OpenAI({
    // Local OpenAI-compatible servers (Ollama, vLLM) take any key; the SDK insists on one.
    apiKey: options.apiKey ?? 'no-key',
    baseURL: options.baseUrl ?? 'https://api.openai.com/v1',
    timeout: timeoutMs,
    maxRetries: 0, // retries are the job queue's business (spec: 429 -> wait, at most 3 times)
  });
  const model = options.model ?? DEFAULT_OPENAI_MODEL;
  const schema = listingJsonSchema();

  return {
    provider: 'openai',
    rateLimitKey: `openai:${client.baseURL}`,
    async generate(request, { signal, onRateLimitInfo }: GenerateOptions = {}) {
      const content: ChatCompletionContentPart[] = [
        { type: 'text', text: listingUserPrompt(request) },
        ...request.photos.slice(0, GENERATION_LIMITS.maxImages).map((photo): ChatCompletionContentPart => ({
          type: 'image_url',
          image_url: { url: `data:${photo.contentType};base64,${photo.bytes.toString('base64')}` },
        })),
      ];
      const deadline = requestDeadline(timeoutMs, signal);
      try {
        const { data, response } = await againIfCutOff(
          () =>
            client.chat.completions
              .create(
                {
                  model,
                  messages: [
                    { role: 'system', content: listingSystemPrompt() },
                    { role: 'user', content },
                  ],
                  response_format: { type: 'json_schema', json_schema: { name: LISTING_SCHEMA_NAME, strict: true, schema } },
                },
                { signal: deadline.signal },
              )
              .withResponse(),
          sdkErrors.sdk,
          deadline.signal,
        );
        onRateLimitInfo?.(openAiRateLimitInfo(response.headers));
        const choice = data.choices?.[0];
        if (!choice) throw new InvalidListingError('The AI returned no answer. Please try again.');
        if (choice.message.refusal) throw new ProviderError(`The AI refused to write this listing: ${choice.message.refusal}`);
        if (choice.finish_reason === 'length')
          throw new InvalidListingError('The AI answer was cut off before the listing was complete. Please try again.');
        return parseListingText(choice.message.content ?? '', request.photos.length);
      } catch (err) {
        throw toGenerationError(err, deadline.timedOut, onRateLimitInfo, sdkErrors);
      } finally {
        deadline.dispose();
      }
    },
  };
}
