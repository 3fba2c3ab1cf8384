import { useLingui } from '@lingui/react/macro';
import { formSubmissionMachine } from '@machines/formSubmission.machine';
import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { requestCourse } from '@/api/cms';
import { api } from '@/api/http';
import { type CourseRequestForm, courseRequestFormSchema } from '@/api/schemas/public-forms';
import { showToast } from '@/stores/toasts';
import { AlertBox, Form, focusFirstInvalid, SubmitButton, TextAreaField, TextField } from '@/ui/forms';

export const REQUEST_COURSE_ANCHOR = 'request-a-course';

/** The home page's request-a-course form (`/#request-a-course`). */
export function RequestCourse() {
  const { t } = useLingui();
  const form = useRef<HTMLFormElement>(null);
  const section = useRef<HTMLElement>(null);
  const [machine] = useState(() =>
    formSubmissionMachine.provide({
      actors: {
        submit: fromPromise(({ input }) => requestCourse(api, input as CourseRequestForm)),
      },
      actions: {
        focusFirstInvalid: () => focusFirstInvalid(form.current),
        announceSent: () => showToast(t`Course Request is Successfully`),
      },
    }),
  );
  const [state, send] = useMachine(machine, {
    input: {
      initial: { full_name: '', email: '', description: '' },
      schema: courseRequestFormSchema,
      fallback: 'Something went wrong',
    },
  });
  const { values, errors, alert } = state.context;

  // Arriving at /#request-a-course scrolls here.
  useEffect(() => {
    if (window.location.hash === `#${REQUEST_COURSE_ANCHOR}`) section.current?.scrollIntoView();
  }, []);

  const change = (name: keyof CourseRequestForm) => (event: { target: { value: string } }) =>
    send({ type: 'field.change', name, value: event.target.value });

  return (
    <section
      ref={section}
      id={REQUEST_COURSE_ANCHOR}
      aria-labelledby="home-request"
      className="mx-auto max-w-3xl scroll-mt-20 px-4 py-14"
    >
      <h2 id="home-request" className="text-3xl font-bold text-slate-900">
        {t`Request a course`}
      </h2>
      <p className="mt-2 text-slate-600">{t`Tell us which course you would like us to offer.`}</p>
      <Form
        ref={form}
        onSubmit={() => send({ type: 'form.submit' })}
        className="mt-6 grid gap-4 sm:grid-cols-2"
      >
        <div className="sm:col-span-2">
          <AlertBox message={alert} />
        </div>
        <TextField
          label={t`Full name`}
          name="full_name"
          autoComplete="name"
          value={values.full_name ?? ''}
          error={errors.full_name}
          onChange={change('full_name')}
        />
        <TextField
          label={t`Email`}
          type="email"
          name="email"
          autoComplete="email"
          value={values.email ?? ''}
          error={errors.email}
          onChange={change('email')}
        />
        <div className="sm:col-span-2">
          <TextAreaField
            label={t`Which course would you like?`}
            name="description"
            value={values.description ?? ''}
            error={errors.description}
            onChange={change('description')}
          />
        </div>
        <div className="sm:col-span-2">
          <SubmitButton busy={state.matches('sending')}>{t`Send request`}</SubmitButton>
        </div>
      </Form>
    </section>
  );
}
