import { VERIFICATION_VALIDATION } from '@contract/forms/verification';
import { describe, expect, it } from 'vitest';
import { connectCertificateCodeForm } from '../../machines/certificateCodeForm.connect.ts';
import { certificateCodeFormMachine } from '../../machines/certificateCodeForm.machine.ts';
import {
  createPathModel,
  expectState,
  harnesses,
  replayEveryPathCoveringAll,
  spyActions,
} from './support/paths.ts';

const ACTIONS = ['open'] as const;
const CODE = 'KFU-7K3M-9QXT-2HVA-PD4R';

function implementations() {
  return { actions: spyActions(certificateCodeFormMachine, ACTIONS) };
}

describe('certificateCodeForm machine: generated paths', () => {
  const model = createPathModel(certificateCodeFormMachine, {
    input: {},
    events: [
      { type: 'code.type', text: 'kfu 7k3m 9qxt 2hva pd4r' },
      { type: 'code.type', text: 'KFU-12' },
      { type: 'code.submit' },
    ],
    implementations,
  });
  replayEveryPathCoveringAll(model);
});

describe('certificateCodeForm machine: behaviour', () => {
  const launch = harnesses(certificateCodeFormMachine);

  it('opens the canonical code of what was typed: Arabic-Indic digits, lower case, any spacing', async () => {
    const impl = implementations();
    const harness = launch(impl, { input: {} });
    await harness.send({ type: 'code.type', text: ' kfu ٧k٣m-٩qxt 2hva  pd٤r ' });
    await harness.send({ type: 'code.submit' });
    expectState(harness, 'editing');
    expect(impl.actions.open).toHaveBeenCalledTimes(1);
    expect(impl.actions.open.mock.calls[0]?.[1]).toEqual({ code: CODE });
  });

  it('refuses a text that cannot be a code at the field, keeping it, until it changes', async () => {
    const impl = implementations();
    const harness = launch(impl, { input: { text: 'KFU-12' } });
    await harness.send({ type: 'code.submit' });
    expectState(harness, 'refused');
    const view = connectCertificateCodeForm(harness.snapshot, () => {});
    expect(view).toMatchObject({ text: 'KFU-12', error: VERIFICATION_VALIDATION.codeInvalid });
    await harness.send({ type: 'code.type', text: 'KFU-123' });
    expectState(harness, 'editing');
    expect(connectCertificateCodeForm(harness.snapshot, () => {}).error).toBeNull();
    expect(impl.actions.open).not.toHaveBeenCalled();
  });

  it('asks for a code when the field is empty', async () => {
    const impl = implementations();
    const harness = launch(impl, { input: {} });
    await harness.send({ type: 'code.type', text: '   ' });
    await harness.send({ type: 'code.submit' });
    expect(connectCertificateCodeForm(harness.snapshot, () => {}).error).toBe(
      VERIFICATION_VALIDATION.codeRequired,
    );
  });

  it('sends what the view asks', () => {
    const impl = implementations();
    const harness = launch(impl, { input: {} });
    const sent: unknown[] = [];
    const view = connectCertificateCodeForm(harness.snapshot, (event) => sent.push(event));
    view.type('x');
    view.submit();
    expect(sent).toEqual([{ type: 'code.type', text: 'x' }, { type: 'code.submit' }]);
  });
});
