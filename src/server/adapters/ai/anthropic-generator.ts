import Anthropic, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from '@anthropic-ai/sdk';
import type { ContentBlockParam } from '@anthropic-ai/sdk/resources/messages/messages';
import { GENERATION_LIMITS } from '@shared/domain/listing';
import { InvalidListingError, type GenerateOptions, type ListingGenerator } from './listing-generator';
import {
  LISTING_TOOL_DESCRIPTION,
  LISTING_TOOL_NAME,
  listingJsonSchema,
  listingSystemPrompt,
  listingUserPrompt,
  toListingDraft,
} from './listing-prompt';
import type { SdkProviderOptions } from './openai-generator';
import { anthropicRateLimitInfo } from './rate-limit-headers';
import { requestDeadline } from './request-deadline';
import { againIfCutOff, toGenerationError, type SdkErrorMapping } from './sdk-errors';

/** How this SDK's errors map onto the generation errors (shared with the other SDK provider). */
const sdkErrors: SdkErrorMapping = {
  sdk: { APIError, APIConnectionError, APIConnectionTimeoutError, APIUserAbortError },
  rateLimitInfo: (headers) => anthropicRateLimitInfo(headers),
  rateLimitMessage: (err: { message: string }) => (err as APIError).apiMessage ?? err.message,
};

export const DEFAULT_ANTHROPIC_MODEL = 'claude-sonnet-4-5';
const MAX_OUTPUT_TOKENS = 4096;

/** Anthropic's Messages API: images as base64 blocks, structured output by a forced tool call. */
export function createAnthropicGenerator(options: SdkProviderOptions): ListingGenerator {
  const timeoutMs = options.timeoutMs ?? GENERATION_LIMITS.timeoutMs;
  const client = new Anthropic({
    apiKey: options.apiKey,
    baseURL: options.baseUrl ?? 'https://api.anthropic.com',
    timeout: timeoutMs,
    maxRetries: 0, // retries are the job queue's business
  });
  const model = options.model ?? DEFAULT_ANTHROPIC_MODEL;
  const inputSchema = listingJsonSchema() as Anthropic.Messages.Tool.InputSchema;

  return {
    provider: 'anthropic',
    rateLimitKey: `anthropic:${client.baseURL}`,
    async generate(request, { signal, onRateLimitInfo }: GenerateOptions = {}) {
      const content: ContentBlockParam[] = [
        ...request.photos.slice(0, GENERATION_LIMITS.maxImages).map((photo): ContentBlockParam => ({
          type: 'image',
          source: { type: 'base64', media_type: photo.contentType, data: photo.bytes.toString('base64') },
        })),
        { type: 'text', text: listingUserPrompt(request) },
      ];
      const deadline = requestDeadline(timeoutMs, signal);
      try {
        const { data, response } = await againIfCutOff(
          () =>
            client.messages
              .create(
                {
                  model,
                  max_tokens: MAX_OUTPUT_TOKENS,
                  system: listingSystemPrompt(),
                  messages: [{ role: 'user', content }],
                  tools: [{ name: LISTING_TOOL_NAME, description: LISTING_TOOL_DESCRIPTION, input_schema: inputSchema }],
                  tool_choice: { type: 'tool', name: LISTING_TOOL_NAME },
                },
                { signal: deadline.signal },
              )
              .withResponse(),
          sdkErrors.sdk,
          deadline.signal,
        );
        onRateLimitInfo?.(anthropicRateLimitInfo(response.headers));
        if (data.stop_reason === 'max_tokens')
          throw new InvalidListingError('The AI answer was cut off before the listing was complete. Please try again.');
        const call = data.content.find((block) => block.type === 'tool_use' && block.name === LISTING_TOOL_NAME);
        if (!call || call.type !== 'tool_use') throw new InvalidListingError('The AI did not return a listing. Please try again.');
        return toListingDraft(call.input, request.photos.length);
      } catch (err) {
        throw toGenerationError(err, deadline.timedOut, onRateLimitInfo, sdkErrors);
      } finally {
        deadline.dispose();
      }
    },
  };
}
