import { staffInviteFormSchema } from '@contract/forms/staff';
import { useLingui } from '@lingui/react/macro';
import { api } from '@/api/http';
import { inviteStaff } from '@/api/staff';
import { SubmissionForm } from '@/ui/SubmissionForm';

/**
 * Another member of staff, invited by mail: their account is made, and they choose a password with
 * Forgot password (docs/back-office.md). The invitation is in the audit log.
 */
export function InviteStaff() {
  const { t } = useLingui();
  return (
    <section aria-labelledby="invite-staff" className="rounded-2xl border border-slate-200 bg-white p-4">
      <h2 id="invite-staff" className="mb-3 text-lg font-semibold text-slate-900">
        {t`Invite a member of staff`}
      </h2>
      <SubmissionForm
        fields={[
          { name: 'full_name', label: t`Full name`, autoComplete: 'off' },
          { name: 'email', label: t`Email`, type: 'email', autoComplete: 'off' },
        ]}
        schema={staffInviteFormSchema}
        send={(values) => inviteStaff(api, values)}
        sentText={t`The invitation is mailed`}
        submitLabel={t`Send the invitation`}
      />
    </section>
  );
}
