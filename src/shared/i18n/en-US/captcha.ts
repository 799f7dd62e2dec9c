/** The anti-robot widget: its states and error texts, worded as docs/product/captcha.md quotes them. */
export const captcha = {
  'captcha.group': 'Anti-robot verification',
  'captcha.checkbox': 'I am not a robot',
  'captcha.state.initializing': 'Preparing the anti-robot verification…',
  'captcha.state.ready': 'Tick the box to start the anti-robot verification.',
  'captcha.state.fetching': 'Loading the anti-robot puzzle…',
  'captcha.state.solving': 'Verifying that you are not a robot…',
  'captcha.state.completed': 'Verified. You are not a robot.',
  'captcha.state.expired': 'Anti-Robot verification expired',
  'captcha.error.verificationFailed': 'Verification failed',
  'captcha.error.connection': 'Failed to connect to {endpoint}',
  'captcha.error.browserCheck': 'Browser check failed, try a different browser',
  'captcha.error.siteKeyMissing': 'Website problem: sitekey not set',
  'captcha.error.worker': 'Background worker error',
  'captcha.error.endpointNotEnabled': 'endpoint_not_enabled',
  'captcha.restart': 'Restart verification',
  'captcha.retry': 'Try again',
} as const;
