/** Staff sign-in, second factor, passwords and sessions (src/server/modules/users/). */
export const users = {
  'error.secondFactorRequired': 'Please set up the second factor (an authenticator app) before you continue.',
  'error.users.signInFailed': 'The e-mail address or the password is not correct.',
  'error.users.throttled': 'Too many failed sign-in attempts. Please wait a few minutes and try again.',
  'error.users.wrongCode':
    'This code is not valid. Please enter the current code of your authenticator app or an unused recovery code.',
  'error.users.wrongEnrolmentCode': 'This code is not valid. Please enter the current code your authenticator app shows.',
  'error.users.enrolmentNotStarted': 'Please start setting up the second factor first.',
  'error.users.secondFactorAlreadyOn': 'The second factor is already on.',
  'error.users.secondFactorNotOn': 'The second factor is not on.',
  'error.users.wrongPassword': 'The password is not correct.',
  'error.users.commonPassword': 'This password is too common. Please choose another one.',
  'error.users.accountExists': 'A staff account with this e-mail address exists already.',
  'error.users.noSuchAccount': 'There is no staff account with this e-mail address.',
} as const;
