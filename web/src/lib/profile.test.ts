import { fullName, initialOf, isActivePremium, isAdmin, planLabel } from './profile';

describe('isActivePremium', () => {
  test.each([
    ['active', 'premium', true],
    ['  Active ', 'premium', true],
    ['ACTIVE', 'premium', true],
    ['active', 'Premium', false],
    ['active', 'free', false],
    ['expired', 'premium', false],
    ['cancelled', 'premium', false],
    [null, 'premium', false],
    ['active', null, false],
  ])('status %p and plan %p: %p', (status, plan, expected) => {
    expect(isActivePremium({ subscription_status: status, subscription_plan: plan })).toBe(expected);
  });

  test('nobody is premium without a profile', () => {
    expect(isActivePremium(null)).toBe(false);
  });
});

describe('planLabel', () => {
  test('names the plan as the avatar menu shows it', () => {
    expect(planLabel({ subscription_status: 'active', subscription_plan: 'premium' })).toBe('Premium User');
    expect(planLabel({ subscription_status: 'expired', subscription_plan: 'premium' })).toBe('Regular User');
    expect(planLabel(null)).toBe('Regular User');
  });
});

describe('isAdmin', () => {
  test('only user_role admin is an administrator', () => {
    expect([isAdmin({ user_role: 'admin' }), isAdmin({ user_role: 'user' }), isAdmin({ user_role: null }), isAdmin(null)]).toEqual([
      true,
      false,
      false,
      false,
    ]);
  });
});

describe('fullName and initialOf', () => {
  test('joins the names that are set', () => {
    expect(fullName({ first_name: ' Ada ', last_name: 'Obi' })).toBe('Ada Obi');
    expect(fullName({ first_name: 'Ada', last_name: null })).toBe('Ada');
    expect(fullName({ first_name: 3, last_name: '' })).toBe('');
  });

  test('the initial is the name’s first letter, else the e-mail’s, uppercased', () => {
    expect(initialOf('ada Obi', 'x@example.com')).toBe('A');
    expect(initialOf('', 'ngozi@example.com')).toBe('N');
    expect(initialOf('', null)).toBe('?');
    expect(initialOf('Ọlá', null)).toBe('Ọ');
  });
});
