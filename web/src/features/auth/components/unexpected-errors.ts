import { toast } from '@/lib/toast';

/**
 * Answers from the server are handled by the submit handler itself; anything it throws (storage refused,
 * a bug) ends here with the spec's generic message, and the form can be sent again.
 */
export function unexpectedErrorsToasted<T>(submit: (values: T) => Promise<void>) {
  return async (values: T) => {
    try {
      await submit(values);
    } catch (error) {
      console.error(error);
      toast.error('Error', { description: 'An unexpected error occurred' });
    }
  };
}
