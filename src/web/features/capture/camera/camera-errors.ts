/** Camera errors: shown in the Camera Error box with Try Again. */
export const cameraErrors = {
  notSupported: 'Camera not supported on this device.',
  permissionDenied: 'Camera permission denied. Please allow camera access in your browser settings.',
  notFound: 'No camera found on this device.',
  other: 'Unable to access camera. Please check permissions and try again.',
} as const;

export function cameraErrorMessage(err: unknown): string {
  const name = err instanceof Error || err instanceof DOMException ? err.name : '';
  if (name === 'NotAllowedError' || name === 'PermissionDeniedError') return cameraErrors.permissionDenied;
  if (name === 'NotFoundError' || name === 'DevicesNotFoundError') return cameraErrors.notFound;
  return cameraErrors.other;
}
