export interface RunningServer {
  /** `http://127.0.0.1:PORT/` */
  readonly url: string
  readonly close: () => Promise<void>
}
export declare const hostDist: string
export declare const contentSecurityPolicy: string
export declare function buildDemo(): Promise<void>
export declare function serveStatic(
  root: string,
  options?: { readonly port?: number }
): Promise<RunningServer>
export declare function startDemo(options?: {
  readonly port?: number
  readonly build?: boolean
}): Promise<RunningServer>
