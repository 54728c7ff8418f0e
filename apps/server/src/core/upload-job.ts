/**
 * A long import from one uploaded file, run as a job of the tenant (core/job-queue.ts: one job of its kind per tenant
 * at a time, within the instance's limit): the file part, the options parsed from its form fields over the query
 * string, its bytes, then the import. The series and network imports took these steps alike; written once here.
 */
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { userOf } from './gate.ts';
import { jobQueueOf } from './job-queue.ts';
import type { AppContext } from './module.ts';
import { fileBytes, uploadedFile, uploadParams } from './upload.ts';

export interface UploadJobSpec<O> {
  /** the job's kind: one at a time per tenant */
  kind: string;
  /** the refusal while one of this kind runs for the tenant */
  busyMessage: string;
  /** the refusal of a request that is not multipart */
  notMultipart: string;
  /** the import's options, from the form's fields and the query */
  options: z.ZodType<O>;
}

/** Runs `run` on the uploaded file's bytes as a queued job; its options and its result. */
export async function runUploadJob<O, R>(
  ctx: AppContext,
  req: FastifyRequest,
  spec: UploadJobSpec<O>,
  run: (bytes: Buffer, opts: O, fileName: string) => Promise<R>,
): Promise<{ opts: O; result: R }> {
  const file = await uploadedFile(req, spec.notMultipart);
  const opts = spec.options.parse(uploadParams(req, file));
  const bytes = await fileBytes(file);
  const job = jobQueueOf(ctx).submit(
    { kind: spec.kind, tenantId: req.tenantId, userId: userOf(req).userId, busyMessage: spec.busyMessage },
    () => run(bytes, opts, file.filename),
  );
  return { opts, result: await job.result };
}
