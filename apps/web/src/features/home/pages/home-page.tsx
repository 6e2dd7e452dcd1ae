import { Banner } from '../components/banner';
import { BusinessSummary } from '../components/business-summary';
import { CategoryTiles } from '../components/category-tiles';
import { HomeReviews } from '../components/home-reviews';
import { OurParts } from '../components/our-parts';
import { PremiumService } from '../components/premium-service';

export default function HomePage() {
  return (
    <>
      <Banner />
      <CategoryTiles />
      <PremiumService />
      <OurParts />
      <HomeReviews />
      <BusinessSummary />
    </>
  );
}
