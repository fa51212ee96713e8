/**
 * The server's answer to a form posted without JavaScript (src/shared/native-forms.ts), as the
 * page embeds it: a screen starts from what was typed and shows the errors beside the fields. With
 * JavaScript the form calls tRPC instead, and its own errors take over from these.
 */
import { useQuery } from '@tanstack/react-query';
import type { NativeFormName, NativeFormState } from '#shared/native-forms.ts';

export const NATIVE_FORM_KEY = ['nativeForm'] as const;

/** The embedded answer for `form`, or undefined (a first visit, or another form's answer). */
export function useNativeForm(form: NativeFormName): NativeFormState | undefined {
  // Never fetched: only the page's data block seeds it, and reading it marks it as read for the server's render.
  const { data } = useQuery<NativeFormState | null>({
    queryKey: NATIVE_FORM_KEY,
    queryFn: () => null,
    enabled: false,
    staleTime: Infinity,
  });
  return data?.form === form ? data : undefined;
}
