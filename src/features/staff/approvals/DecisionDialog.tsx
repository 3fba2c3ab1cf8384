import type { RevisedField } from '@contract/wire/authoring';
import type {
  QueueItem,
  QueueKind,
  RevisionValue,
  StaffCashPayment,
  StaffCourse,
  StaffRevision,
  StaffWithdrawal,
  TrainerApplicationAnswer,
} from '@contract/wire/staff';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { connectStaffDecision } from '@machines/staffDecision.connect';
import { createStaffDecisionMachine } from '@machines/staffDecision.machine';
import { useMachine } from '@xstate/react';
import { type ReactNode, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { api } from '@/api/http';
import {
  decide,
  getStaffCashPayment,
  getStaffCourse,
  getStaffRevision,
  getStaffWithdrawal,
  getTrainerApplication,
} from '@/api/staff';
import { priceText } from '@/entities/course/price';
import { DialogActions } from '@/features/staff/DialogActions';
import { KIND_BADGES, METHOD_LABELS } from '@/features/staff/staff-text';
import { translateMessage } from '@/i18n/api-messages';
import { formatDate, formatDateRange, formatDateTime } from '@/i18n/dates';
import { formatMoney } from '@/i18n/numbers';
import { term } from '@/i18n/terms';
import { useLanguage } from '@/i18n/useLanguage';
import { showToast } from '@/stores/toasts';
import { button } from '@/ui/button';
import { Failure } from '@/ui/Failure';
import { AlertBox, Form, focusFirstInvalid, TextAreaField } from '@/ui/forms';
import { Modal } from '@/ui/Modal';
import { Placeholder } from '@/ui/ResourceView';

/** What the dialog reads of each kind of item. */
type Item =
  | { kind: 'trainer'; data: TrainerApplicationAnswer }
  | { kind: 'course'; data: StaffCourse }
  | { kind: 'withdrawal'; data: StaffWithdrawal }
  | { kind: 'cash'; data: StaffCashPayment }
  | { kind: 'revision'; data: StaffRevision };

async function loadItem(kind: QueueKind, id: string): Promise<Item> {
  switch (kind) {
    case 'trainer':
      return { kind, data: await getTrainerApplication(api, Number(id)) };
    case 'course':
      return { kind, data: await getStaffCourse(api, Number(id)) };
    case 'withdrawal':
      return { kind, data: await getStaffWithdrawal(api, Number(id)) };
    case 'cash':
      return { kind, data: await getStaffCashPayment(api, id) };
    case 'revision':
      return { kind, data: await getStaffRevision(api, Number(id)) };
  }
}

/** One fact of the item: its name and its value. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-x-3 gap-y-1 sm:flex-row">
      <dt className="shrink-0 font-semibold text-slate-700 sm:w-40">{label}</dt>
      <dd className="min-w-0 wrap-anywhere text-slate-900">{children}</dd>
    </div>
  );
}

function TrainerFacts({ data }: { data: TrainerApplicationAnswer }) {
  const { t } = useLingui();
  const language = useLanguage();
  return (
    <>
      <dl className="flex flex-col gap-2 text-sm">
        <Fact label={t`Name`}>
          <bdi dir="auto">{data.full_name}</bdi>
        </Fact>
        <Fact label={t`Email`}>
          <bdi className="ltr-whole">{data.email}</bdi>
        </Fact>
        <Fact label={t`Phone number`}>
          <bdi className="ltr-whole">{data.phone_number ?? '—'}</bdi>
        </Fact>
        <Fact label={t`ID or Iqama number`}>
          <bdi className="ltr-whole">{data.govt_id_or_iqama_no ?? '—'}</bdi>
        </Fact>
        <Fact label={t`Applied`}>{formatDateTime(data.applied_at, language)}</Fact>
      </dl>
      {data.cv === null ? (
        <p className="rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700">{t`This applicant sent no CV`}</p>
      ) : data.cv.type === 'pdf' ? (
        <div className="flex flex-col gap-2">
          <iframe
            src={data.cv.url}
            title={t`CV of ${data.full_name}`}
            className="h-96 w-full rounded-lg border border-slate-200 bg-slate-50"
          />
          <a href={data.cv.url} download={data.cv.name} className={`${button('secondary', 'sm')} self-start`}>
            {t`Download the CV`}
          </a>
        </div>
      ) : (
        <a href={data.cv.url} download={data.cv.name} className={`${button('secondary', 'sm')} self-start`}>
          {t`Download the CV (${data.cv.type.toUpperCase()})`}
        </a>
      )}
    </>
  );
}

function CourseFacts({ data }: { data: StaffCourse }) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const ar = language === 'ar';
  return (
    <div className="flex flex-col gap-3 text-sm">
      <div>
        <h3 dir="auto" className="text-lg font-semibold text-slate-900">
          {ar ? data.title_ar : data.title}
        </h3>
        <p dir="auto" className="text-slate-700">
          {ar ? data.subtitle_ar : data.subtitle}
        </p>
      </div>
      <dl className="flex flex-col gap-2">
        <Fact label={t`Trainer`}>
          <bdi dir="auto">{data.trainer.full_name}</bdi>
        </Fact>
        <Fact label={t`Category`}>{ar ? data.category.name_ar : data.category.name}</Fact>
        <Fact label={t`Price`}>{priceText(data.price, language, i18n)}</Fact>
        <Fact label={t`Dates`}>{formatDateRange(data.start_date, data.end_date, language)}</Fact>
        <Fact label={t`Skill level`}>{term(data.skill_level, i18n)}</Fact>
        <Fact label={t`Languages`}>
          {data.languages.map((value) => term(value, i18n)).join(ar ? '، ' : ', ')}
        </Fact>
      </dl>
      <p dir="auto" className="whitespace-pre-line text-slate-800">
        {ar ? data.description_ar : data.description}
      </p>
      {data.weeks.length > 0 && (
        <div>
          <h4 className="font-semibold text-slate-900">{t`Syllabus`}</h4>
          <ol className="ps-5 list-disc text-slate-800">
            {data.weeks.map((week, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the weeks are in order and never move
              <li key={index} dir="auto">
                {(ar && week.title_ar) || week.title}
              </li>
            ))}
          </ol>
        </div>
      )}
    </div>
  );
}

function WithdrawalFacts({ data }: { data: StaffWithdrawal }) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  return (
    <dl className="flex flex-col gap-2 text-sm">
      <Fact label={t`Trainee`}>
        <bdi dir="auto">{data.trainee.full_name}</bdi> · <bdi className="ltr-whole">{data.trainee.email}</bdi>
      </Fact>
      <Fact label={t`Course`}>
        <bdi dir="auto">{language === 'ar' ? data.course.title_ar : data.course.title}</bdi>
      </Fact>
      <Fact label={t`Course starts`}>{formatDate(data.course.start_date, language)}</Fact>
      <Fact label={t`Asked`}>{formatDateTime(data.requested_at, language)}</Fact>
      <Fact label={t`Reason`}>
        <span dir="auto" className="whitespace-pre-line">
          {data.reason}
        </span>
      </Fact>
      <Fact label={t`Payment`}>
        {data.payment
          ? `${i18n._(METHOD_LABELS[data.payment.method])} · ${formatMoney(data.payment.total, language)}`
          : t`No payment`}
      </Fact>
      <Fact label={t`Refund on approval`}>
        <strong>
          {data.refund > 0
            ? formatMoney(data.refund, language)
            : data.before_start
              ? t`Nothing was paid`
              : t`None: asked after the course started`}
        </strong>
      </Fact>
    </dl>
  );
}

function CashFacts({ data }: { data: StaffCashPayment }) {
  const { t } = useLingui();
  const language = useLanguage();
  return (
    <dl className="flex flex-col gap-2 text-sm">
      <Fact label={t`Trainee`}>
        <bdi dir="auto">{data.trainee.full_name}</bdi> · <bdi className="ltr-whole">{data.trainee.email}</bdi>
      </Fact>
      <Fact label={t`Course`}>
        <bdi dir="auto">{language === 'ar' ? data.course.title_ar : data.course.title}</bdi>
      </Fact>
      <Fact label={t`Price`}>{formatMoney(data.subtotal, language)}</Fact>
      <Fact label={t`VAT`}>{formatMoney(data.vat, language)}</Fact>
      <Fact label={t`Total to take`}>
        <strong>{formatMoney(data.total, language)}</strong>
      </Fact>
      <Fact label={t`Chosen`}>{formatDateTime(data.created_at, language)}</Fact>
    </dl>
  );
}

/** The revised fields' names, each language's field named for its language. */
const FIELD_LABELS: Record<RevisedField, MessageDescriptor> = {
  title: msg`Title (English)`,
  title_ar: msg`Title (Arabic)`,
  subtitle: msg`Subtitle (English)`,
  subtitle_ar: msg`Subtitle (Arabic)`,
  description: msg`Description (English)`,
  description_ar: msg`Description (Arabic)`,
  price_halalas: msg`Price`,
  category: msg`Category`,
  start_date: msg`Start date`,
  end_date: msg`End date`,
};

/** One value of a revised field, as the catalogue would show it. */
function RevisedValue({ field, value }: { field: RevisedField; value: RevisionValue }) {
  const { i18n } = useLingui();
  const language = useLanguage();
  if (typeof value === 'object') {
    return <bdi dir="auto">{language === 'ar' ? value.name_ar : value.name}</bdi>;
  }
  if (field === 'price_halalas' && typeof value === 'number') return <>{priceText(value, language, i18n)}</>;
  if ((field === 'start_date' || field === 'end_date') && typeof value === 'string') {
    return <>{formatDate(value, language)}</>;
  }
  const arabic = field.endsWith('_ar');
  return (
    <span dir={arabic ? 'rtl' : 'ltr'} lang={arabic ? 'ar' : 'en'} className="block whitespace-pre-line">
      {String(value)}
    </span>
  );
}

function RevisionFacts({ data }: { data: StaffRevision }) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  return (
    <div className="flex flex-col gap-3 text-sm">
      <dl className="flex flex-col gap-2">
        <Fact label={t`Course`}>
          <bdi dir="auto">{language === 'ar' ? data.course.title_ar : data.course.title}</bdi>
        </Fact>
        <Fact label={t`Trainer`}>
          <bdi dir="auto">{data.trainer.full_name}</bdi>
        </Fact>
        {data.submitted_by.id !== data.trainer.id && (
          <Fact label={t`Sent by`}>
            <bdi dir="auto">{data.submitted_by.full_name}</bdi>
          </Fact>
        )}
        <Fact label={t`Sent`}>{formatDateTime(data.submitted_at, language)}</Fact>
      </dl>
      <table className="w-full text-start">
        <caption className="pb-2 text-start font-semibold text-slate-900">{t`Changes, before and after`}</caption>
        <thead>
          <tr className="border-b border-slate-300 text-slate-700">
            <th scope="col" className="py-1 pe-2 text-start font-semibold">{t`Field`}</th>
            <th scope="col" className="py-1 pe-2 text-start font-semibold">{t`Before`}</th>
            <th scope="col" className="py-1 text-start font-semibold">{t`After`}</th>
          </tr>
        </thead>
        <tbody>
          {data.changes.map((change) => (
            <tr key={change.field} className="border-b border-slate-200 align-top">
              <th scope="row" className="py-2 pe-2 text-start font-semibold text-slate-700 wrap-anywhere">
                {i18n._(FIELD_LABELS[change.field])}
              </th>
              <td className="py-2 pe-2 text-slate-600 wrap-anywhere">
                <RevisedValue field={change.field} value={change.before} />
              </td>
              <td className="py-2 font-semibold text-slate-900 wrap-anywhere">
                <RevisedValue field={change.field} value={change.after} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Facts({ item }: { item: Item }) {
  switch (item.kind) {
    case 'trainer':
      return <TrainerFacts data={item.data} />;
    case 'course':
      return <CourseFacts data={item.data} />;
    case 'withdrawal':
      return <WithdrawalFacts data={item.data} />;
    case 'cash':
      return <CashFacts data={item.data} />;
    case 'revision':
      return <RevisionFacts data={item.data} />;
  }
}

/**
 * One item of the queue, decided in a dialog: read, then approved (confirmed, for cash) or rejected
 * with the reason its person is told (the staffDecision machine).
 */
export function DecisionDialog({
  item,
  onClose,
  onDecided,
}: {
  item: QueueItem;
  onClose: () => void;
  /** The item left the queue (decided here, or meanwhile). */
  onDecided: () => void;
}) {
  const { t, i18n } = useLingui();
  const form = useRef<HTMLFormElement>(null);
  const [machine] = useState(() =>
    createStaffDecisionMachine<Item>().provide({
      actors: {
        loadItem: fromPromise(({ input }) => loadItem(input.kind, input.id)),
        decide: fromPromise(({ input }) => decide(api, input.kind, input.id, input.verdict)),
      },
      actions: {
        focusReason: () => focusFirstInvalid(form.current),
        announceDecided: (_, { message }) => {
          showToast(translateMessage(message, i18n));
          onClose();
        },
        itemDecided: onDecided,
      },
    }),
  );
  const [snapshot, send] = useMachine(machine, { input: { kind: item.kind, id: item.id } });
  const view = connectStaffDecision(snapshot);
  const title = i18n._(KIND_BADGES[item.kind]);

  if (view.step === 'decided') return null;
  return (
    <Modal title={title} onClose={onClose} wide>
      {view.step === 'loading' && (
        <div aria-busy="true" className="flex flex-col gap-3">
          <Placeholder className="h-6 w-2/3" />
          <Placeholder className="h-4 w-1/2" />
          <Placeholder className="h-4 w-3/4" />
          <Placeholder className="h-10 w-40" />
        </div>
      )}
      {view.step === 'failed' && (
        <Failure
          error={view.error}
          retry={() => send({ type: 'decision.retry' })}
          className="rounded-xl bg-red-50 p-4 text-red-800"
        />
      )}
      {view.step === 'gone' && (
        <div className="flex flex-col gap-4">
          <p role="alert" className="rounded-lg bg-amber-50 px-4 py-3 text-amber-900">
            {translateMessage(view.message ?? 'This is no longer waiting for a decision', i18n)}
          </p>
          <button type="button" onClick={onClose} className={button('secondary', 'block')}>
            {t`Close`}
          </button>
        </div>
      )}
      {view.step === 'reviewing' && (
        <div className="flex flex-col gap-5">
          <Facts item={view.item} />
          <AlertBox message={view.alert} />
          <div className="flex flex-col gap-3 sm:flex-row-reverse">
            <button
              type="button"
              disabled={view.approving}
              onClick={() => send({ type: 'decision.approve' })}
              className={button('primary', 'md')}
            >
              {view.approving
                ? t`Sending…`
                : view.kind === 'cash'
                  ? t`Confirm the cash is received`
                  : view.kind === 'withdrawal'
                    ? t`Approve the withdrawal`
                    : view.kind === 'revision'
                      ? t`Approve the changes`
                      : t`Approve`}
            </button>
            {view.canReject && (
              <button
                type="button"
                disabled={view.approving}
                onClick={() => send({ type: 'decision.reject' })}
                className={button('dangerOutline', 'md')}
              >
                {t`Reject`}
              </button>
            )}
          </div>
        </div>
      )}
      {view.step === 'rejecting' && (
        <Form ref={form} onSubmit={() => send({ type: 'reason.submit' })} className="flex flex-col gap-4">
          <Facts item={view.item} />
          <AlertBox message={view.alert} />
          <TextAreaField
            label={t`Reason (the person is told)`}
            name="reason"
            data-autofocus
            rows={4}
            value={view.reason}
            error={view.reasonError}
            onChange={(event) => send({ type: 'reason.change', value: event.target.value })}
          />
          <DialogActions
            submit={t`Send the rejection`}
            busy={view.busy}
            onBack={() => send({ type: 'reason.cancel' })}
          />
        </Form>
      )}
    </Modal>
  );
}
