import { zodResolver } from '@hookform/resolvers/zod';
import {
  reviewPageMessages as m,
  RATING_MAX,
  RATING_STEP,
  type ReviewInput,
  reviewInputSchema,
  toastMessages,
} from '@store/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { Field, TextAreaField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { reviewKeys } from '../../../lib/review-queries';
import { addReview } from '../api';

/** Add Review: message and ratings; name and e-mail come from the account. */
export default function AddReviewPage() {
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ReviewInput>({
    resolver: zodResolver(reviewInputSchema),
    // No rating until one is typed: reset() then empties the field (a NaN value would be
    // written into the input, which the browser refuses with a console warning).
    defaultValues: { message: '' },
  });

  const onSubmit = handleSubmit(async (input) => {
    try {
      await addReview(input);
      toast.success(toastMessages.reviewAdded);
      reset();
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
      <h2 className="text-2xl font-bold">{m.title}</h2>
      <p className="mt-1 text-base-content/70">{m.intro}</p>
      <form onSubmit={onSubmit} noValidate className="mt-6 flex flex-col gap-4">
        <TextAreaField label={m.message} rows={5} error={errors.message?.message} {...register('message')} />
        <div className="w-40">
          <Field
            label={m.ratings(RATING_MAX)}
            type="number"
            inputMode="decimal"
            min={0}
            max={RATING_MAX}
            step={RATING_STEP}
            error={errors.ratings?.message}
            {...register('ratings', { valueAsNumber: true })}
          />
        </div>
        <button type="submit" className="btn btn-primary self-start" disabled={isSubmitting}>
          {isSubmitting ? m.sending : m.title}
        </button>
      </form>
    </div>
  );
}
