import { zodResolver } from '@hookform/resolvers/zod';
import { RATING_MAX, RATING_STEP, type ReviewInput, reviewInputSchema, toastMessages } from '@store/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { ApiError, apiJson } from '../../../lib/api-client';
import { reviewKeys } from '../api';

/** Add Review (spec §2): message and ratings; name and e-mail come from the account. */
export default function AddReviewPage() {
  const queryClient = useQueryClient();
  const id = useId();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ReviewInput>({ resolver: zodResolver(reviewInputSchema) });

  const onSubmit = handleSubmit(async (input) => {
    try {
      await apiJson('/review', { method: 'POST', auth: true, body: input });
      toast.success(toastMessages.reviewAdded);
      reset({ message: '', ratings: Number.NaN });
      void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
    } catch (error) {
      const message = error instanceof ApiError ? error.message : String(error);
      setError('message', {
        message: error instanceof ApiError ? (error.fields?.message ?? message) : message,
      });
    }
  });

  return (
    <div className="max-w-xl">
      <h2 className="text-2xl font-bold">Add Review</h2>
      <p className="mt-1 text-base-content/70">Tell other buyers about the parts and the service.</p>
      <form onSubmit={onSubmit} noValidate className="mt-6 flex flex-col gap-4">
        <div>
          <label htmlFor={`${id}-message`} className="label mb-1 text-sm font-medium text-base-content">
            Message
          </label>
          <textarea
            id={`${id}-message`}
            rows={5}
            className={`textarea w-full ${errors.message ? 'textarea-error' : ''}`}
            aria-invalid={Boolean(errors.message)}
            aria-describedby={errors.message ? `${id}-message-error` : undefined}
            {...register('message')}
          />
          {errors.message && (
            <p id={`${id}-message-error`} role="alert" className="mt-1 text-sm text-error">
              {errors.message.message}
            </p>
          )}
        </div>
        <div>
          <label htmlFor={`${id}-ratings`} className="label mb-1 text-sm font-medium text-base-content">
            Ratings (0 to {RATING_MAX})
          </label>
          <input
            id={`${id}-ratings`}
            type="number"
            inputMode="decimal"
            min={0}
            max={RATING_MAX}
            step={RATING_STEP}
            className={`input w-40 ${errors.ratings ? 'input-error' : ''}`}
            aria-invalid={Boolean(errors.ratings)}
            aria-describedby={errors.ratings ? `${id}-ratings-error` : undefined}
            {...register('ratings', { valueAsNumber: true })}
          />
          {errors.ratings && (
            <p id={`${id}-ratings-error`} role="alert" className="mt-1 text-sm text-error">
              {errors.ratings.message}
            </p>
          )}
        </div>
        <button type="submit" className="btn btn-primary self-start" disabled={isSubmitting}>
          {isSubmitting ? 'Sending…' : 'Add Review'}
        </button>
      </form>
    </div>
  );
}
