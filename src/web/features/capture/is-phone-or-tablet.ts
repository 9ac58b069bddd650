const mobileAgents = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile|Tablet|Silk|Kindle/i;

/**
 * Phones and tablets, detected from the user agent. iPadOS asks for desktop sites with a Mac user agent,
 * so a "Macintosh" that has a touch screen counts as a tablet.
 */
export function isPhoneOrTablet(userAgent = navigator.userAgent, maxTouchPoints = navigator.maxTouchPoints ?? 0): boolean {
  if (mobileAgents.test(userAgent)) return true;
  return /Macintosh/.test(userAgent) && maxTouchPoints > 1;
}
