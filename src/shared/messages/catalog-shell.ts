/**
 * The catalogue's texts that the first screen needs (home, product cards, prices, favourites, load
 * failures): a file of their own, so every shopper's first download carries these and not the other
 * pages' texts (the first-load budget, bench/RESULTS.md). `catalog` holds them too.
 */
export const catalogShell = {
  // Home
  premiumCollection: 'Premium Collection',
  heroHeadline: 'Timeless style, made for you',
  heroTagline: 'Discover exclusive fashion accessories and clothing, curated for every moment.',
  exploreCollection: 'Explore Collection',
  shopNow: 'Shop Now',
  saleItems: 'Sale Items',
  newestCollection: 'Our Newest Collection',
  viewAll: 'View All',
  failedToLoadProducts: 'Failed to load products',
  loadingCategories: 'Loading categories...',
  shopByCategory: 'Shop by Category',
  filters: 'Filters',
  minPrice: 'Min price',
  maxPrice: 'Max price',
  category: 'Category',
  // Product card
  noPriceAvailable: 'No Price Available',
  discountBadge: '-{discount}%',
  noName: 'No Name',
  noProductName: 'No Product Name',
  unknownCategory: 'Unknown Category',
  outOfStockOverlay: 'Out of Stock',
  outOfStockButton: 'OUT OF STOCK',
  addToCart: 'Add to Cart',
  addToFavorites: 'Add {name} to favorites',
  removeFromFavorites: 'Remove {name} from favorites',
  ratedOutOf: 'Rated {rating} out of 5',
  // A card of a product with sizes or colours (issue 13): they are chosen on its page.
  chooseOptions: 'Choose Options',
  coloursAvailable: 'Colours: {names}',
  home: 'Home',
  description: 'Description',
  favoritesCount: '{n, plural, one {# saved piece} other {# saved pieces}}',
  adminsCannotFavorite: 'Admins cannot add products to favorites.',
  favoriteProductNotFound: 'Product not found.',
  removedFromFavorites: 'Removed from favorites',
  addedToFavorites: 'Added to favorites ❤️',
} as const;
