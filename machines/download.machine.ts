import { assign, fromPromise, setup } from 'xstate';
import { alertOf, type Failure, failureOf, statusOf } from './forms';

export interface DownloadContext {
  /** The sentence of the last failure, or null. */
  alert: string | null;
}

export type DownloadEvent = { type: 'download' };

/**
 * Downloading a document the server prints (a receipt as PDF): one download at a time; when the
 * server cannot print (503) the page offers its printable view instead; another failure says why and
 * can be tried again.
 */
export const downloadMachine = setup({
  types: {
    context: {} as DownloadContext,
    events: {} as DownloadEvent,
  },
  actors: {
    fetchFile: fromPromise<Blob>(async () => {
      throw new Error('fetchFile is supplied by the view');
    }),
  },
  guards: {
    cannotPrint: (_, { error }: Failure) => statusOf(error) === 503,
  },
  actions: {
    clearAlert: assign({ alert: null }),
    showAlert: assign({ alert: (_, { error }: Failure) => alertOf(error, 'Something went wrong') }),
    /** Hands the file to the browser to save. */
    saveFile: (_, _params: { file: Blob }) => {},
  },
}).createMachine({
  id: 'download',
  context: { alert: null },
  initial: 'idle',
  states: {
    idle: { on: { download: { target: 'downloading', actions: 'clearAlert' } } },
    downloading: {
      invoke: {
        id: 'fetchFile',
        src: 'fetchFile',
        onDone: {
          target: 'idle',
          actions: { type: 'saveFile', params: ({ event }) => ({ file: event.output }) },
        },
        onError: [
          { guard: { type: 'cannotPrint', params: failureOf }, target: 'unavailable' },
          { target: 'idle', actions: { type: 'showAlert', params: failureOf } },
        ],
      },
    },
    /** The server cannot print now: the printable page is offered; trying again stays possible. */
    unavailable: { on: { download: 'downloading' } },
  },
});
