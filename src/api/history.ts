import {
  type HistoryDetails,
  historyDetailsSchema,
  type TraineeHistory,
  traineeHistorySchema,
} from '@contract/wire/history';
import type { ApiClient } from './client';

/** GET /course/history/: every course the trainee has had, with its status, newest first. */
export function getTraineeHistory(api: ApiClient): Promise<TraineeHistory> {
  return api.authed(traineeHistorySchema, '/course/history/');
}

/** GET /course/history/{id}/: one course of the trainee's history with their figures and certificate. */
export function getHistoryDetails(api: ApiClient, courseId: number): Promise<HistoryDetails> {
  return api.authed(historyDetailsSchema, `/course/history/${courseId}/`);
}

/** POST /course/generate_transcript/: the transcript of every ended course, as a PDF. */
export function downloadTranscriptPdf(api: ApiClient): Promise<Blob> {
  return api.authedFile('/course/generate_transcript/', 'application/pdf', { method: 'POST', body: {} });
}

/** POST /course/generate_certificate/: the course's certificate (issued on the first call), as a PDF. */
export function downloadCertificatePdf(api: ApiClient, courseId: number): Promise<Blob> {
  return api.authedFile('/course/generate_certificate/', 'application/pdf', {
    method: 'POST',
    body: { course_id: courseId },
  });
}
