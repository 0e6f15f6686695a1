/** A complete Giza delivery, valid under every rule of SPEC §5: the checkout form's fields as sent. */
export const gizaShipping = {
  name: 'Mona Ahmed',
  phone: '01012345678',
  street: 'Tahrir Street',
  building: '12',
  floor: '3',
  apartment: '7',
  landmark: 'Near the mosque',
  area: 'Dokki',
  city: 'Giza',
};
