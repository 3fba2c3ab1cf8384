import { vi } from 'vitest';
import { fromCallback } from 'xstate';
import {
  type LiveConnectionEvent,
  type LiveMessage,
  type LiveSocketCommand,
  type LiveSocketEvent,
  liveConnectionMachine,
} from '../../../machines/liveConnection.machine.ts';
import { type ScriptedPromise, scriptedPromise } from './paths.ts';

/**
 * A socket actor that records the tokens it was opened with and what it was asked to send, and
 * reports what a test makes it report (`report`), as partysocket's events would.
 */
export function recordingSocket() {
  const sent: LiveMessage[] = [];
  const tokens: string[] = [];
  let running = 0;
  let reportNow: ((event: LiveSocketEvent) => void) | null = null;
  const logic = fromCallback<LiveSocketCommand, { token: string }>(({ input, receive, sendBack }) => {
    tokens.push(input.token);
    running += 1;
    const own = (event: LiveSocketEvent) => sendBack(event);
    reportNow = own;
    receive((command) => sent.push(command.message));
    return () => {
      running -= 1;
      if (reportNow === own) reportNow = null;
    };
  });
  return {
    logic,
    sent,
    tokens,
    running: () => running,
    /** Forgets what was sent so far, and returns it. */
    take: () => sent.splice(0, sent.length),
    /** The running socket reports `event`; fails when none runs. */
    report(event: LiveSocketEvent): void {
      if (!reportNow) throw new Error('No socket is running to report it');
      reportNow(event);
    },
  };
}

export type RecordingSocket = ReturnType<typeof recordingSocket>;

/** The live connection's own implementations: a recording socket, a scripted renewal, a spy. */
export function connectionParts() {
  const socket = recordingSocket();
  const renewSession: ScriptedPromise<void, unknown> = scriptedPromise<void>();
  return {
    socket,
    actors: { socket: socket.logic, renewSession },
    actions: { logFailure: vi.fn() },
  };
}

/**
 * The live connection with a recording socket and a scripted renewal, for a machine that invokes it:
 * pass `nested` to the harness so that it settles `renewSession`.
 */
export function recordedConnection() {
  const { socket, actors } = connectionParts();
  const logic = liveConnectionMachine.provide({
    actors: { socket: actors.socket, renewSession: actors.renewSession.logic },
  });
  return { socket, logic, nested: [actors.renewSession] };
}

/** A stand-in for the live connection: records what its owner tells it, and reports nothing. */
export function stubConnection() {
  const commands: LiveConnectionEvent[] = [];
  const logic = fromCallback<LiveConnectionEvent>(({ receive }) => {
    receive((event) => commands.push(event));
  });
  return { logic, commands };
}
