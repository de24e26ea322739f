import type { CheerioAPI } from 'cheerio/slim';

// The schema.org types pages commonly use, grouped roughly as in its hierarchy. A type
// missing here is reported as unknown with a warning only, never as an error.
const GROUPS = {
  product:
    'Product ProductGroup ProductModel IndividualProduct SomeProducts Vehicle Car Motorcycle BusOrCoach MotorizedBicycle DietarySupplement Drug',
  article:
    'Article NewsArticle BlogPosting TechArticle ScholarlyArticle MedicalScholarlyArticle Report LiveBlogPosting AnalysisNewsArticle OpinionNewsArticle ReportageNewsArticle ReviewNewsArticle BackgroundNewsArticle AskPublicNewsArticle SatiricalArticle AdvertiserContentArticle APIReference',
  event:
    'Event BusinessEvent ChildrensEvent ComedyEvent CourseInstance DanceEvent DeliveryEvent EducationEvent EventSeries ExhibitionEvent Festival FoodEvent Hackathon LiteraryEvent MusicEvent PublicationEvent BroadcastEvent OnDemandEvent SaleEvent ScreeningEvent SocialEvent SportsEvent TheaterEvent VisualArtsEvent',
  localBusiness:
    'LocalBusiness AnimalShelter ArchiveOrganization AutomotiveBusiness AutoBodyShop AutoDealer AutoPartsStore AutoRental AutoRepair AutoWash GasStation MotorcycleDealer MotorcycleRepair ChildCare Dentist DryCleaningOrLaundry EmergencyService FireStation Hospital PoliceStation EmploymentAgency EntertainmentBusiness AdultEntertainment AmusementPark ArtGallery Casino ComedyClub MovieTheater NightClub FinancialService AccountingService AutomatedTeller BankOrCreditUnion InsuranceAgency FoodEstablishment Bakery BarOrPub Brewery CafeOrCoffeeShop Distillery FastFoodRestaurant IceCreamShop Restaurant Winery GovernmentOffice PostOffice HealthAndBeautyBusiness BeautySalon DaySpa HairSalon HealthClub NailSalon TattooParlor HomeAndConstructionBusiness Electrician GeneralContractor HVACBusiness HousePainter Locksmith MovingCompany Plumber RoofingContractor InternetCafe LegalService Attorney Notary Library LodgingBusiness BedAndBreakfast Campground Hostel Hotel Motel Resort SkiResort VacationRental MedicalBusiness CommunityHealth Dermatology DietNutrition Emergency Geriatric Gynecologic MedicalClinic Midwifery Nursing Obstetric Oncologic Optician Optometric Otolaryngologic Pediatric Pharmacy Physician IndividualPhysician PhysiciansOffice Physiotherapy PlasticSurgery Podiatric PrimaryCare Psychiatric PublicHealth ProfessionalService RadioStation RealEstateAgent RecyclingCenter SelfStorage ShoppingCenter SportsActivityLocation BowlingAlley ExerciseGym GolfCourse PublicSwimmingPool SkiResort SportsClub StadiumOrArena TennisComplex Store BikeStore BookStore ClothingStore ComputerStore ConvenienceStore DepartmentStore ElectronicsStore Florist FurnitureStore GardenStore GroceryStore HardwareStore HobbyShop HomeGoodsStore JewelryStore LiquorStore MensClothingStore MobilePhoneStore MovieRentalStore MusicStore OfficeEquipmentStore OutletStore PawnShop PetStore ShoeStore SportingGoodsStore TireShop ToyStore WholesaleStore TelevisionStation TouristInformationCenter TravelAgency',
  organization:
    'Organization Airline Consortium Cooperative Corporation EducationalOrganization CollegeOrUniversity ElementarySchool HighSchool MiddleSchool Preschool School FundingScheme GovernmentOrganization LibrarySystem MedicalOrganization DiagnosticLab VeterinaryCare NewsMediaOrganization NGO OnlineBusiness OnlineStore PerformingGroup DanceGroup MusicGroup TheaterGroup PoliticalParty Project FundingAgency ResearchProject ResearchOrganization SearchRescueOrganization SportsOrganization SportsTeam WorkersUnion',
  other:
    'Thing Person Patient Place AdministrativeArea City Country State SchoolDistrict CivicStructure Airport Aquarium Beach BoatTerminal Bridge BusStation BusStop Cemetery Crematorium EventVenue GovernmentBuilding CityHall Courthouse DefenceEstablishment Embassy LegislativeBuilding Museum MusicVenue Park ParkingFacility PerformingArtsTheater PlaceOfWorship BuddhistTemple Church CatholicChurch HinduTemple Mosque Synagogue Playground PublicToilet RVPark SubwayStation TaxiStand TrainStation Zoo Landform BodyOfWater LakeBodyOfWater RiverBodyOfWater SeaBodyOfWater Continent Mountain LandmarksOrHistoricalBuildings Residence Accommodation Apartment ApartmentComplex GatedResidenceCommunity House HotelRoom Room Suite SingleFamilyResidence TouristAttraction TouristDestination ' +
    'CreativeWork WebPage AboutPage CheckoutPage CollectionPage ContactPage FAQPage ItemPage MedicalWebPage ProfilePage QAPage RealEstateListing SearchResultsPage MediaGallery ImageGallery VideoGallery WebSite WebPageElement WPHeader WPFooter WPSideBar WPAdBlock SiteNavigationElement Table WebContent HyperToc HyperTocEntry Blog Book Chapter Clip MovieClip VideoGameClip Comment Answer Question Course CreativeWorkSeries BookSeries Periodical PodcastSeries RadioSeries TVSeries VideoGameSeries Dataset DataCatalog DataDownload DataFeed DigitalDocument NoteDigitalDocument PresentationDigitalDocument SpreadsheetDigitalDocument TextDigitalDocument Episode PodcastEpisode RadioEpisode TVEpisode Game VideoGame Guide HowTo HowToDirection HowToSection HowToStep HowToSupply HowToTip HowToTool Recipe ItemList BreadcrumbList OfferCatalog ListItem Legislation Manuscript Map MathSolver MediaObject AudioObject ImageObject VideoObject MusicVideoObject 3DModel Barcode Movie MusicComposition MusicPlaylist MusicAlbum MusicRelease MusicRecording Painting Photograph Play Poster PublicationIssue PublicationVolume Quotation Review ClaimReview CriticReview EmployerReview MediaReview Recommendation UserReview Sculpture CreativeWorkSeason PodcastSeason TVSeason SheetMusic ShortStory SoftwareApplication MobileApplication WebApplication SoftwareSourceCode SpecialAnnouncement Statement Thesis VisualArtwork Message EmailMessage Conversation DiscussionForumPosting SocialMediaPosting Claim Collection Drawing EducationalOccupationalCredential LearningResource Quiz Syllabus Certification ' +
    'Intangible Offer AggregateOffer Demand AggregateRating Rating EmployerAggregateRating EndorsementRating Brand BroadcastChannel ContactPoint PostalAddress GeoCoordinates GeoShape GeoCircle OpeningHoursSpecification PriceSpecification UnitPriceSpecification CompoundPriceSpecification DeliveryChargeSpecification PaymentChargeSpecification MonetaryAmount MonetaryAmountDistribution QuantitativeValue QuantitativeValueDistribution PropertyValue LocationFeatureSpecification Language JobPosting Occupation OccupationalExperienceRequirements EducationalOccupationalProgram WorkBasedProgram Audience BusinessAudience EducationalAudience MedicalAudience PeopleAudience Researcher Order OrderItem ParcelDelivery Invoice Reservation EventReservation FlightReservation LodgingReservation RentalCarReservation TrainReservation Ticket Seat Trip BusTrip Flight TouristTrip TrainTrip Service BroadcastService CableOrSatelliteService FinancialProduct BankAccount CreditCard InvestmentOrDeposit LoanOrCredit MortgageLoan PaymentCard FoodService GovernmentService Taxi TaxiService WebAPI SpeakableSpecification NutritionInformation EntryPoint VirtualLocation Schedule MerchantReturnPolicy MerchantReturnPolicySeasonalOverride OfferShippingDetails ShippingDeliveryTime ShippingRateSettings ShippingService DefinedRegion DefinedTerm DefinedTermSet CategoryCode CategoryCodeSet Enumeration StructuredValue InteractionCounter MemberProgram MemberProgramTier Grant MonetaryGrant Role OrganizationRole EmployeeRole PerformanceRole Permit GovernmentPermit ProgramMembership BedDetails Distance Duration Energy Mass AlignmentObject DigitalDocumentPermission SizeSpecification Class Property DataFeedItem ComputerLanguage Quantity Observation StatisticalPopulation StatisticalVariable AlignmentObject RepaymentSpecification ExchangeRateSpecification HealthInsurancePlan ' +
    'Action AchieveAction AssessAction ReviewAction ConsumeAction ListenAction ReadAction ViewAction WatchAction PlayAction CreateAction WriteAction FindAction SearchAction InteractAction CommunicateAction CommentAction ShareAction FollowAction JoinAction LikeAction RegisterAction SubscribeAction OrganizeAction ApplyAction MoveAction TradeAction BuyAction DonateAction OrderAction PayAction PreOrderAction QuoteAction RentAction SellAction TipAction TransferAction DownloadAction UpdateAction ControlAction ReserveAction ' +
    'MedicalEntity MedicalCondition MedicalProcedure MedicalTest MedicalTherapy MedicalSpecialty AnatomicalStructure Substance Taxon BioChemEntity ChemicalSubstance Gene MolecularEntity Protein',
};

const words = (list: string) => list.split(' ');

/** schema.org types the rich-result rules group together (a Restaurant is a LocalBusiness…). */
export const SCHEMA_FAMILIES = {
  product: new Set(words(GROUPS.product)),
  article: new Set(words(GROUPS.article)),
  event: new Set(words(GROUPS.event)),
  localBusiness: new Set(words(GROUPS.localBusiness)),
  organization: new Set(words(GROUPS.organization)),
};

/** Every schema.org type this engine recognises. */
export const SCHEMA_TYPES: ReadonlySet<string> = new Set(Object.values(GROUPS).flatMap(words));

/**
 * The schema.org name of a type or property: `https://schema.org/Product`, `schema:Product` and
 * `Product` all give `Product`; null for another vocabulary (`http://data-vocabulary.org/…`).
 */
export function schemaName(value: string): string | null {
  const trimmed = value.trim();
  const match = /^(?:https?:\/\/(?:www\.)?schema\.org\/|schema:)(.+)$/i.exec(trimmed);
  if (match) return match[1]!;
  return /^[a-z]+:/i.test(trimmed) ? null : trimmed;
}

/**
 * Every object node of the page's JSON-LD blocks, nested ones and @graph members included, depth
 * first. A block that is not valid JSON is skipped: it is the structured-data check's finding.
 */
export function jsonLdNodes($: CheerioAPI): Record<string, unknown>[] {
  const nodes: Record<string, unknown>[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(visit);
      return;
    }
    if (!node || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    nodes.push(record);
    for (const child of Object.values(record)) if (child && typeof child === 'object') visit(child);
  };
  $('script[type]').each((_, el) => {
    if (!/^application\/ld\+json\b/i.test($(el).attr('type')!.trim())) return;
    try {
      visit(JSON.parse($(el).text()));
    } catch {}
  });
  return nodes;
}
