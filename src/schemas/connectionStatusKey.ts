/**
 * Where storage keeps the connection statuses: a module of its own, so that the first paint's handle
 * (`createModal.ts`) reads the same key as `StorageKeys.connectionStatus` without the schemas.
 */
export const CONNECTION_STATUS_KEY = "@airlock/connection_status"
