import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import type { LanguageModel } from 'ai';
import type { AiProvider } from '../../src/domain/coach/constants';
import type { ProviderSettings } from './config';

/**
 * The SDK model for a provider. OpenAI goes through Chat Completions (what most
 * OpenAI-compatible endpoints behind a custom base URL speak too).
 */
export function languageModel(provider: AiProvider, s: ProviderSettings): LanguageModel {
  switch (provider) {
    case 'openai':
      return createOpenAI({ apiKey: s.apiKey, baseURL: s.baseURL }).chat(s.model);
    case 'anthropic':
      return createAnthropic({ apiKey: s.apiKey, baseURL: s.baseURL })(s.model);
    case 'google':
      return createGoogleGenerativeAI({ apiKey: s.apiKey, baseURL: s.baseURL })(s.model);
  }
}
