import useSWRMutation from 'swr/mutation';

import { api, apiOrigin } from '@/lib/api-client';
import type { PromptDesigns, PromptDesignsRequest } from '@/types/api';

export type { PromptDesigns, PromptedDesign, UnderstoodField } from '@/types/api';

/** Corrections of what was understood: a detail's key (`date`, `venue`, …) and its text. */
export type Corrections = Record<string, string>;

/** The shapes a prompt may ask for (`format`); the server reads one from the prompt otherwise. */
export type PromptFormat = NonNullable<PromptDesignsRequest['format']>;

/** A design as the designs API answers a choice (the fields the app needs to open it). */
export type ChosenDesign = { id: string; name: string; version: number };

/** The longest prompt the server takes (`MAX_PROMPT_LENGTH` in domain/prompting.py). */
export const MAX_PROMPT_LENGTH = 1000;

/** The longest correction of one detail the server takes (`MAX_CORRECTION_LENGTH`). */
export const MAX_CORRECTION_LENGTH = 200;

/** Corrections as the API takes them, or nothing when there are none. */
function fieldsOf(corrections: Corrections | undefined) {
  return corrections && Object.keys(corrections).length > 0 ? { fields: corrections } : {};
}

export type AskArgs = { prompt: string; format?: PromptFormat; corrections?: Corrections };

/** `POST /api/v1/prompts/designs`: four designs filled with the prompt's details. */
export function promptDesigns({ prompt, format, corrections }: AskArgs): Promise<PromptDesigns> {
  return api.post<PromptDesigns>('/prompts/designs', { prompt, ...(format ? { format } : {}), ...fieldsOf(corrections) });
}

/** `POST /api/v1/prompts/designs/{id}/regenerate`: the next four, with the corrections applied. */
export function regeneratePromptDesigns(runId: string, corrections?: Corrections): Promise<PromptDesigns> {
  return api.post<PromptDesigns>(`/prompts/designs/${encodeURIComponent(runId)}/regenerate`, fieldsOf(corrections));
}

/** `POST /api/v1/prompts/designs/{id}/choose`: a saved design of the caller's, details in place. */
export function choosePromptDesign(runId: string, templateId: string, corrections?: Corrections): Promise<ChosenDesign> {
  return api.post<ChosenDesign>(`/prompts/designs/${encodeURIComponent(runId)}/choose`, {
    template_id: templateId,
    ...fieldsOf(corrections),
  });
}

/** The SWR keys of design prompting's mutations (nothing is cached under them: each call is new). */
export const promptDesignsKeys = {
  ask: () => ['prompts', 'designs'] as const,
  more: () => ['prompts', 'designs', 'more'] as const,
  choose: () => ['prompts', 'designs', 'choose'] as const,
};

export type MoreArgs = { runId: string; corrections?: Corrections };
export type ChooseArgs = { runId: string; templateId: string; corrections?: Corrections };

/** Asks for four designs; `trigger` answers them (and throws the API's error). */
export function usePromptDesigns() {
  return useSWRMutation(promptDesignsKeys.ask(), (_key, { arg }: { arg: AskArgs }) => promptDesigns(arg), {
    populateCache: false,
    revalidate: false,
    throwOnError: true,
  });
}

/** "Show me four more": the next four of a prompt. */
export function useMorePromptDesigns() {
  return useSWRMutation(
    promptDesignsKeys.more(),
    (_key, { arg }: { arg: MoreArgs }) => regeneratePromptDesigns(arg.runId, arg.corrections),
    { populateCache: false, revalidate: false, throwOnError: true },
  );
}

/** Saves the chosen design (a new design of the member's) to open in the editor. */
export function useChoosePromptDesign() {
  return useSWRMutation(
    promptDesignsKeys.choose(),
    (_key, { arg }: { arg: ChooseArgs }) => choosePromptDesign(arg.runId, arg.templateId, arg.corrections),
    { populateCache: false, revalidate: false, throwOnError: true },
  );
}

/** Where a card's preview is served (`preview_url` is a path on the API's origin). */
export function previewSrc(previewUrl: string): string {
  return /^https?:\/\//.test(previewUrl) ? previewUrl : `${apiOrigin()}${previewUrl}`;
}
