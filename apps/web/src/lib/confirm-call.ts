// The OK of a confirm dialog that makes a call. A refusal (an ApiFailure: the client has shown it to the user)
// closes the dialog as a success does: the dialog asked one question, and left open over a rejected promise its
// OK would repeat a call the server has just refused (and the rejection would go unhandled). A program error
// still rejects, so the error log keeps it.
import { ApiFailure } from '../api/client';

export function closingOnRefusal(call: () => Promise<unknown>): () => Promise<void> {
  return async () => {
    try {
      await call();
    } catch (err) {
      if (!(err instanceof ApiFailure)) throw err;
    }
  };
}
