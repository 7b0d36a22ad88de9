/** One write path: use cases run in one transaction with policy, audit, cascades and events. */
export {
  runUseCase,
  runAccountUseCase,
  runGuestUseCase,
  type UseCase,
  type AccountUseCase,
  type GuestUseCase,
  type WriteActor,
} from './use-case.js';
export { actorOf, accountActorOf, guestActorOf } from './http.js';
export { authorize, authorizeOwn, denial, type PolicyResource } from './policy.js';
