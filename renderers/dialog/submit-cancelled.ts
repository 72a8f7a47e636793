/**
 * A submit the user called off before anything was sent (a confirmation answered no): the form stays as it
 * was, with no failure to show.
 */
export class SubmitCancelled extends Error {
  override readonly name = 'SubmitCancelled';

  constructor() {
    super('The submit was called off');
  }
}
