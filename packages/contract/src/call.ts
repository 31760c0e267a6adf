// How a call is described: method, path under the API prefix, and zod schemas of its parts.
import type { z } from 'zod';
import type { UploadRule } from './file-kinds';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface CallDef<
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  D extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** Path under the API prefix, exactly as the spec writes it. */
  path: string;
  summary: string;
  /** Business area (architecture.md), used as the OpenAPI tag. */
  area: string;
  /** Reachable without a token (login calls, health, public key). */
  public?: boolean;
  /** Module (menu) code the caller must hold; the server checks it on every call. */
  module?: string;
  /** Button code of `module` the caller must also hold (a child account granted the page but not the button is refused). */
  button?: string;
  /**
   * Open to every signed-in user, whatever modules they hold: the reason (e.g. the call reads only the
   * caller's own data). Every call that is neither public nor names a module must say why here.
   */
  signedIn?: string;
  /**
   * An integration call (`/integration/v1/…`): made by a retailer's system with a client's bearer token (the
   * token call), never with a session; `scope` is what the client must hold (none: any client may call it).
   */
  integration?: { scope?: string };
  /**
   * The call changes data (some are GETs, as the spec writes them). The server refuses it when the browser
   * says it comes from another site; the session cookie alone never authenticates any call (architecture: CSRF).
   */
  changes?: true;
  /**
   * A sensitive action (a payment, a child's password, grants, an integration client): the session must have
   * confirmed who is at the keyboard within the last minutes (a TOTP code, or the password for an account
   * without TOTP when the tenant asks for it); otherwise 403 with `ResultCode.stepUpCode`/`stepUpPassword`.
   */
  stepUp?: true;
  /**
   * Open to a session whose account must enrol in two-factor sign-in and has not yet: every other call answers
   * 403 `ResultCode.mfaEnrolmentRequired` until it has (the enrolment calls, getInfo, logout).
   */
  duringEnrolment?: true;
  /** The envelope's message on success (default 'success'). */
  successMessage?: string;
  /** 'legacy' answers {success, content: {result}, msg} as the spec's `.do` calls do. */
  envelope?: 'standard' | 'legacy';
  /** An upload call (multipart/form-data, files in the `file` field): what it accepts. */
  upload?: UploadRule;
  query?: Q;
  body?: B;
  data: D;
}

export const defineCall = <
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  D extends z.ZodType = z.ZodType,
>(
  def: CallDef<Q, B, D>,
): CallDef<Q, B, D> => def;

type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;
export type CallQuery<C> = C extends CallDef<infer Q, z.ZodType | undefined, z.ZodType> ? Infer<Q> : never;
export type CallBody<C> = C extends CallDef<z.ZodType | undefined, infer B, z.ZodType> ? Infer<B> : never;
export type CallData<C> = C extends CallDef<z.ZodType | undefined, z.ZodType | undefined, infer D> ? z.infer<D> : never;

type InferInput<S> = S extends z.ZodType ? z.input<S> : undefined;
type QueryInput<C> = C extends CallDef<infer Q, z.ZodType | undefined, z.ZodType> ? InferInput<Q> : never;
type BodyInput<C> = C extends CallDef<z.ZodType | undefined, infer B, z.ZodType> ? InferInput<B> : never;

/** What a caller sends: query and body as the schemas accept them (fields with defaults may be left out). */
export type CallSend<C> = (QueryInput<C> extends undefined ? { query?: undefined } : { query: QueryInput<C> }) &
  (BodyInput<C> extends undefined ? { body?: undefined } : { body: BodyInput<C> });
